-- Uploads being written (uploadOffers). On the embedded database an upload's batches are written
-- without a transaction around them (one would hold its only connection for seconds), so a process
-- killed part-way would leave some of the upload's offers behind. Each upload has a row here from
-- before its first batch until the transaction that ends it, and its offers carry that row's id in
-- `upload_id`. Opening the embedded database deletes the offers and the claimed file digest of
-- every upload still listed (server/queries/upload-digests.ts). On PostgreSQL an upload is one
-- transaction, so no other process ever sees its row.

CREATE TABLE unfinished_uploads (
  id serial PRIMARY KEY,
  -- The file's upload_digests row claimed by this upload (none with allow_duplicate).
  digest_id integer REFERENCES upload_digests (id) ON DELETE SET NULL
);

-- The upload that wrote the offer; null for offers made otherwise. Once the upload has finished its
-- row is gone, so only ids still in unfinished_uploads mean anything.
ALTER TABLE offers ADD COLUMN upload_id integer;
