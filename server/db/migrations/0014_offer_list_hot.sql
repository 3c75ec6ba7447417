-- The client list filters on `is_hot` too ("Hot only", behaviour §3): its walk of an ordering's
-- index and its counts check the filters on the index entries alone (0011), so each of those
-- indexes carries `is_hot` as well. Names, keys and conditions stay.
DROP INDEX offers_pub_start_idx;
CREATE INDEX offers_pub_start_idx ON offers (start_at DESC, id DESC)
  INCLUDE (type, end_at, publisher_id, region_id, product_search, is_hot) WHERE is_published;
DROP INDEX offers_pub_price_idx;
CREATE INDEX offers_pub_price_idx ON offers (unit_price_cents, id)
  INCLUDE (type, start_at, end_at, publisher_id, region_id, product_search, is_hot) WHERE is_published;
DROP INDEX offers_pub_product_idx;
CREATE INDEX offers_pub_product_idx ON offers (product, id)
  INCLUDE (type, start_at, end_at, publisher_id, region_id, product_search, is_hot) WHERE is_published;
DROP INDEX offers_pub_count_idx;
CREATE INDEX offers_pub_count_idx ON offers (type, end_at, id)
  INCLUDE (start_at, publisher_id, region_id, product_search, is_hot) WHERE is_published;
DROP INDEX offers_pub_publisher_count_idx;
CREATE INDEX offers_pub_publisher_count_idx ON offers (type, publisher_id, end_at)
  INCLUDE (region_id, start_at, product_search, is_hot) WHERE is_published;
DROP INDEX offers_pub_region_count_idx;
CREATE INDEX offers_pub_region_count_idx ON offers (type, region_id, end_at)
  INCLUDE (publisher_id, start_at, product_search, is_hot) WHERE is_published;
