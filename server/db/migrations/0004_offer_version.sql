-- Optimistic concurrency for offers (the contract's `Offer.version`): every write of an offer
-- (bulk update, publish, withdraw) sets `version = version + 1` in the same statement, and an
-- edit that names the version it started from is refused when the row has moved on. A constant
-- default adds the column without rewriting the table; existing offers start at 1.

ALTER TABLE offers ADD COLUMN version integer NOT NULL DEFAULT 1;
