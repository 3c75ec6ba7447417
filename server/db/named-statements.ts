/**
 * node-postgres connections that keep their statements prepared. Each distinct SQL text of a
 * query, insert, update or delete gets a name; a connection parses it the first time it runs it
 * and afterwards only binds the values and executes, and after a few runs PostgreSQL stops
 * planning it too when a generic plan serves as well (its plan cache). Planning the offers list
 * cost more than running it; this is the saving.
 *
 * What stays true:
 * - A name always stands for the same text, in every connection of this process, so a connection
 *   never holds two texts under one name. Another process (a second API instance) has its own
 *   connections and its own names.
 * - node-postgres remembers per connection what it prepared there. A new connection, after the
 *   database restarted or ended one, starts with none and prepares again as it goes; a failed
 *   parse is not remembered, so the next run prepares again.
 * - PostgreSQL replans a prepared statement by itself when a table, index or statistics it relies
 *   on change (migrations, ANALYZE).
 * - Statements that are not plain reads and writes (transaction control, `SET`, DDL, several
 *   statements in one text) run as before, and so does any text beyond the first MAX_NAMED: each
 *   name costs memory in every connection that used it, and texts that vary without end (a list
 *   of values written out) must not fill it.
 */
import pg from 'pg';

const MAX_NAMED = 1000;
const PLAIN_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED || !PLAIN_STATEMENT.test(text)) return known;
  const name = `s${names.size + 1}`;
  names.set(text, name);
  return name;
}

/** The query config with a name for its text, when it is a plain config object without one. */
function withName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || Object.getPrototypeOf(config) !== Object.prototype) {
    return config;
  }
  const { text, name } = config as { text?: unknown; name?: unknown };
  if (typeof text !== 'string' || name !== undefined) return config;
  const statement = statementName(text);
  return statement === undefined ? config : { ...config, name: statement };
}

/** A `pg.Client` for `new pg.Pool({ Client: NamedStatementClient })`. */
export class NamedStatementClient extends pg.Client {}

const plainQuery: (this: pg.Client, ...args: unknown[]) => unknown = pg.Client.prototype.query;
Object.assign(NamedStatementClient.prototype, {
  query(this: pg.Client, config: unknown, ...rest: unknown[]) {
    return plainQuery.call(this, withName(config), ...rest);
  },
});
