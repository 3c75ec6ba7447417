-- Sign-in throttling (server/auth/throttle.ts), kept in the database so that every API instance on
-- one database counts the same failures. One row per attempt and per thing it counts against: the
-- account (the email as typed) and, when known, the client address. An attempt's rows are written
-- when it starts; a successful sign-in deletes its account's rows and its own address row. Rows
-- older than the window count for nothing and are deleted as new attempts come in.

CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  scope text NOT NULL,
  key text NOT NULL,
  started_at timestamptz NOT NULL,
  CONSTRAINT sign_in_failures_scope_check CHECK (scope IN ('account', 'address'))
);

CREATE INDEX sign_in_failures_key_idx ON sign_in_failures (scope, key, started_at);
CREATE INDEX sign_in_failures_started_idx ON sign_in_failures (started_at);
