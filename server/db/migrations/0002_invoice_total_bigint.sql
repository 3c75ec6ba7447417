-- An invoice sums whole orders, and a few large ones pass the 2^31 cents an integer holds.
-- server/db/schema.ts reads the column as a JS number, exact up to 2^53 cents.

ALTER TABLE invoices ALTER COLUMN total_cents TYPE bigint;
