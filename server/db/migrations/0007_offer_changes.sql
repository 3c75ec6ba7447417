-- A number that every write to offers increases, for the offer list's counts
-- (server/queries/offer-counts.ts). Counting the published offers that match a filter walks every
-- matching index entry: tens of milliseconds on 100,000 offers, the bulk of a list request. An
-- API instance keeps a count with the stamp it was read with, in the same statement, and reuses
-- it while the stamp is unchanged, so counts stay exact and instances never disagree.
--
-- The stamp is one row, raised by a statement trigger inside the writing transaction: it becomes
-- visible together with the rows it covers. Writers of offers queue on that row until they
-- commit; every multi-statement writer locks its offers first (SELECT .. FOR UPDATE), so the
-- queue cannot close a cycle.

CREATE TABLE offer_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  stamp bigint NOT NULL
);
INSERT INTO offer_changes (stamp) VALUES (0);

CREATE FUNCTION offer_changes_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offer_changes SET stamp = stamp + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER offers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION offer_changes_bump();
