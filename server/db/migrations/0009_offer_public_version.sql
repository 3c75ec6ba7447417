-- What clients may learn of an offer that is not published (behaviour §6, offer availability).
-- An offer that was never published is its seller's draft: to anyone else it does not exist. A
-- withdrawn offer's product and price are shown to others only while they are still what clients
-- could see when it was published; a seller editing it after withdrawing it is working on a draft.
--
-- `public_version` is null for an offer never published; otherwise it equals `version` exactly
-- while the offer's product and price are the ones clients last saw published. Every write of an
-- offer raises `version` (migration 0004); a trigger keeps `public_version`, so no writer (routes,
-- seed, uploads, a test's SQL) can forget it: every write of a published offer makes what it holds
-- public, and a write of an unpublished one that keeps product and price keeps them public (the
-- withdrawal itself, or new dates); one that changes either leaves `public_version` behind.
--
-- Existing offers: published ones are public as they are. An unpublished one that an order or a
-- cart names was published once (only published offers can be ordered or put in a cart), but not
-- necessarily with its current values: 0 matches no version, so it reads withdrawn without details.
-- Other unpublished offers are taken for drafts.

ALTER TABLE offers ADD COLUMN public_version integer;

UPDATE offers SET public_version = version WHERE is_published;
UPDATE offers SET public_version = 0
  WHERE NOT is_published
    AND (EXISTS (SELECT 1 FROM order_lines WHERE order_lines.offer_id = offers.id)
      OR EXISTS (SELECT 1 FROM cart_items WHERE cart_items.offer_id = offers.id));

CREATE FUNCTION offers_public_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_published THEN
    NEW.public_version := NEW.version;
  ELSIF TG_OP = 'UPDATE' AND OLD.public_version = OLD.version
      AND NEW.product = OLD.product AND NEW.unit_price_cents = OLD.unit_price_cents THEN
    NEW.public_version := NEW.version;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER offers_public_version BEFORE INSERT OR UPDATE ON offers
  FOR EACH ROW EXECUTE FUNCTION offers_public_version();
