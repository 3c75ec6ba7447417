-- The upload duplicate guard (uploadOffers, `allow_duplicate`): the SHA-256 of each file a seller
-- imported, with when and how many offers it created, remembered per user. An upload claims its
-- row before writing any offer (INSERT .. ON CONFLICT DO NOTHING), so of two uploads of one file at
-- once only one imports; an upload that fails afterwards removes its claim with its offers.

CREATE TABLE upload_digests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Lowercase hex of the file's bytes, as sent (a byte order mark included).
  digest text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  count integer NOT NULL,
  CONSTRAINT upload_digests_user_digest_key UNIQUE (user_id, digest)
);
