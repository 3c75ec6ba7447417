-- Initial schema. server/db/schema.ts describes the same tables for Drizzle; keep both in step.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL CONSTRAINT users_email_key UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  permissions text[] NOT NULL DEFAULT '{}',
  is_superuser boolean NOT NULL DEFAULT false,
  is_verified boolean NOT NULL DEFAULT false,
  date_joined timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lowercase CHECK (email = lower(email))
);

CREATE TABLE email_verifications (
  token text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

CREATE TABLE publishers (
  id serial PRIMARY KEY,
  name text NOT NULL CONSTRAINT publishers_name_key UNIQUE
);

CREATE TABLE regions (
  id serial PRIMARY KEY,
  code text NOT NULL CONSTRAINT regions_code_key UNIQUE,
  name text NOT NULL
);

CREATE TABLE sellers (
  id serial PRIMARY KEY,
  name text NOT NULL CONSTRAINT sellers_name_key UNIQUE,
  owner_id integer NOT NULL REFERENCES users (id)
);
CREATE INDEX sellers_owner_idx ON sellers (owner_id);

CREATE TABLE offers (
  id serial PRIMARY KEY,
  seller_id integer NOT NULL REFERENCES sellers (id),
  publisher_id integer NOT NULL REFERENCES publishers (id),
  region_id integer NOT NULL REFERENCES regions (id),
  product text NOT NULL,
  type text NOT NULL DEFAULT 'regular',
  is_hot boolean NOT NULL DEFAULT false,
  unit_price_cents integer NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  is_published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  image_url text,
  -- Search matches against this instead of lower(product): lower() per row costs more than the
  -- whole LIKE in PGlite, and a count over a common term rechecks tens of thousands of rows.
  product_search text GENERATED ALWAYS AS (lower(product)) STORED,
  CONSTRAINT offers_type_check CHECK (type IN ('regular', 'promo')),
  CONSTRAINT offers_unit_price_check CHECK (unit_price_cents > 0),
  CONSTRAINT offers_validity_check CHECK (end_at > start_at)
);
-- Client list (published only). One index per ordering, id breaking ties so pages are stable.
-- Type is not a leading column: the tabs filter on it, but a list without type must not sort.
CREATE INDEX offers_pub_start_idx ON offers (start_at DESC, id DESC) WHERE is_published;
CREATE INDEX offers_pub_price_idx ON offers (unit_price_cents, id) WHERE is_published;
CREATE INDEX offers_pub_product_idx ON offers (product, id) WHERE is_published;
-- Counts: index-only, filters (dates, publisher, region, even a common search term) checked on the
-- included columns. Also serves the end-date ordering within a type.
CREATE INDEX offers_pub_count_idx ON offers (type, end_at)
  INCLUDE (start_at, publisher_id, region_id, product_search) WHERE is_published;
-- -published_at for clients and for the seller's Published tab; seller_id is checked inside the index.
CREATE INDEX offers_pub_published_idx ON offers (published_at DESC, id DESC, seller_id) WHERE is_published;
-- The seller's list without a tab filter: -publish_date puts never-published offers last.
CREATE INDEX offers_all_published_idx ON offers (published_at DESC NULLS LAST, id DESC, seller_id);
-- The seller's Unpublished tab, newest first.
CREATE INDEX offers_unpub_created_idx ON offers (created_at DESC, id DESC, seller_id) WHERE NOT is_published;
-- Manage list of one storefront, and its counts (index-only, with search).
CREATE INDEX offers_seller_created_idx ON offers (seller_id, is_published, created_at DESC, id DESC)
  INCLUDE (product_search);
CREATE INDEX offers_seller_published_idx ON offers (seller_id, is_published, published_at DESC, id DESC);
CREATE INDEX offers_publisher_idx ON offers (publisher_id, start_at DESC);
CREATE INDEX offers_region_idx ON offers (region_id, start_at DESC);
-- Search is `product_search LIKE '%term%'` (schema.ts productContains), which this index serves.
CREATE INDEX offers_product_trgm_idx ON offers USING gin (product_search gin_trgm_ops);

CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  offer_id integer NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  quantity integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_items_user_offer_key UNIQUE (user_id, offer_id),
  CONSTRAINT cart_items_quantity_check CHECK (quantity > 0)
);
CREATE INDEX cart_items_offer_idx ON cart_items (offer_id);

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  number text NOT NULL CONSTRAINT invoices_number_key UNIQUE,
  seller_id integer NOT NULL REFERENCES sellers (id),
  client_id integer NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'issued',
  issued_at timestamptz NOT NULL,
  due_date date NOT NULL,
  payment_date date,
  total_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoices_status_check CHECK (status IN ('issued', 'cancelled'))
);
CREATE INDEX invoices_client_due_idx ON invoices (client_id, due_date DESC);
CREATE INDEX invoices_seller_due_idx ON invoices (seller_id, due_date DESC);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES users (id),
  seller_id integer NOT NULL REFERENCES sellers (id),
  status text NOT NULL DEFAULT 'in_progress',
  negotiation text NOT NULL DEFAULT 'none',
  client_note text NOT NULL DEFAULT '',
  counter_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  cancelled_at timestamptz,
  invoice_id integer REFERENCES invoices (id),
  CONSTRAINT orders_status_check CHECK (status IN ('in_progress', 'completed', 'cancelled')),
  CONSTRAINT orders_negotiation_check CHECK (negotiation IN (
    'none', 'special_price_requested', 'counter_proposed', 'counter_accepted', 'counter_declined'
  ))
);
CREATE INDEX orders_client_status_idx ON orders (client_id, status, created_at DESC);
CREATE INDEX orders_seller_status_idx ON orders (seller_id, status, created_at DESC);
CREATE INDEX orders_invoice_idx ON orders (invoice_id);

CREATE TABLE order_lines (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  offer_id integer REFERENCES offers (id) ON DELETE SET NULL,
  product text NOT NULL,
  publisher text NOT NULL,
  region text NOT NULL,
  quantity integer NOT NULL,
  unit_price_cents integer NOT NULL,
  list_unit_price_cents integer NOT NULL,
  counter_quantity integer,
  counter_unit_price_cents integer,
  CONSTRAINT order_lines_quantity_check CHECK (quantity > 0)
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id);
CREATE INDEX order_lines_offer_idx ON order_lines (offer_id);

CREATE TABLE order_events (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  actor_id integer NOT NULL REFERENCES users (id),
  type text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at);
