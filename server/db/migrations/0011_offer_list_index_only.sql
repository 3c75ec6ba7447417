-- The client list finds a page's ids first and reads only those offers in full (server/queries/
-- offers.ts clientOfferPages). To find them it walks the ordering's index from the start of the
-- list to the end of the page, skipping the offers the filters leave out. With only the ordering
-- in the index, each entry walked meant reading its table row to check the filters: sorted by
-- product within one publisher's titles, tens of thousands of rows for a page of ten, and a page
-- far down the list read every row before it. Each ordering's index now carries the filter
-- columns, so the walk checks type, validity, publisher, region and search on the index entries
-- alone (an index-only scan). Names and keys stay; the count index also gets id, the tie-breaker
-- of the end-date ordering it serves.
DROP INDEX offers_pub_start_idx;
CREATE INDEX offers_pub_start_idx ON offers (start_at DESC, id DESC)
  INCLUDE (type, end_at, publisher_id, region_id, product_search) WHERE is_published;
DROP INDEX offers_pub_price_idx;
CREATE INDEX offers_pub_price_idx ON offers (unit_price_cents, id)
  INCLUDE (type, start_at, end_at, publisher_id, region_id, product_search) WHERE is_published;
DROP INDEX offers_pub_product_idx;
CREATE INDEX offers_pub_product_idx ON offers (product, id)
  INCLUDE (type, start_at, end_at, publisher_id, region_id, product_search) WHERE is_published;
DROP INDEX offers_pub_count_idx;
CREATE INDEX offers_pub_count_idx ON offers (type, end_at, id)
  INCLUDE (start_at, publisher_id, region_id, product_search) WHERE is_published;
-- A count visits every entry its range holds. Filtered by publisher or by region, it went through
-- all the offers of the tab to keep a few of them; with that filter leading the key, its range
-- holds only those.
CREATE INDEX offers_pub_publisher_count_idx ON offers (type, publisher_id, end_at)
  INCLUDE (region_id, start_at, product_search) WHERE is_published;
CREATE INDEX offers_pub_region_count_idx ON offers (type, region_id, end_at)
  INCLUDE (publisher_id, start_at, product_search) WHERE is_published;
