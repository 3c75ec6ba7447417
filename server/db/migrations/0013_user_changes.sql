-- A number that every write to users increases, as offer_changes does for offers (migration 0007).
-- Each request reads both stamps in one statement shared with the other requests of its moment
-- (server/db/change-stamps.ts) instead of reading its user's row: an API instance keeps the users
-- it has read and reuses one while the stamp is unchanged, so a change to a profile or its
-- permissions still applies to the next request on every instance.
CREATE TABLE user_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  stamp bigint NOT NULL
);
INSERT INTO user_changes (stamp) VALUES (0);

CREATE FUNCTION user_changes_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_changes SET stamp = stamp + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_changes_bump();
