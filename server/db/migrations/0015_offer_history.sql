-- The audit trail of offer writes (server/queries/offer-history.ts): one row per write of one
-- offer, written in the transaction of the write; the rows of one request share a batch, which a
-- revert puts back as a whole. Nothing prunes it: an offer's history lasts as long as the offer.
CREATE SEQUENCE offer_history_batch_seq AS integer;

CREATE TABLE offer_history (
  id serial PRIMARY KEY,
  batch_id integer NOT NULL,
  offer_id integer NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  source text NOT NULL CONSTRAINT offer_history_source_check CHECK (source IN ('row_edit', 'bulk_update', 'paste', 'fill', 'upload', 'publish', 'withdraw', 'revert')),
  -- The offer's product after the write, so the list names it as it was.
  product text NOT NULL,
  at timestamptz NOT NULL,
  -- [{field, old, new}], named and spelled as the contract's Offer has them.
  changes jsonb NOT NULL,
  reverted_by integer
);
-- One offer's history, newest first.
CREATE INDEX offer_history_offer_idx ON offer_history (offer_id, at DESC, id DESC);
-- A seller's recent changes, newest first.
CREATE INDEX offer_history_user_idx ON offer_history (user_id, at DESC, id DESC);
-- A batch's records, for a revert.
CREATE INDEX offer_history_batch_idx ON offer_history (batch_id);
