-- Writes to offers add their product's trigrams to the search index's pending list (GIN
-- `fastupdate`), and the write that finds the list past `gin_pending_list_limit` (4 MB by default)
-- moves all of it into the index. On the embedded database that one statement held the server's
-- event loop for 100 to 140 ms, about once per 4,500 offers published, withdrawn or edited
-- (behaviour §8: no request holds the loop for more than 50 ms at a stretch). Moving the list
-- costs about 25 ms per MB: at 256 kB it is 10 to 20 ms, sixteen times as often, for the same work.
ALTER INDEX offers_product_trgm_idx SET (gin_pending_list_limit = 256);
