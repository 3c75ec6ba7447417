-- Idempotent checkout (the contract's `Idempotency-Key` on checkoutCart, and readCheckout): the
-- orders the first checkout with a key created, remembered per user. The unique constraint is
-- what makes two checkouts with one key at once create one set of orders: the second one's
-- INSERT .. ON CONFLICT waits for the first to commit, then finds its row.

CREATE TABLE checkout_keys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  order_ids integer[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT checkout_keys_user_key_key UNIQUE (user_id, key)
);
