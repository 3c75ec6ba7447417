/**
 * The change stamps of offers and users (migrations 0007 and 0013): numbers each write to those
 * tables raises in its own transaction. Whatever an API instance keeps from either table holds
 * exactly while its stamp is the same, on every instance sharing the database.
 *
 * Every authenticated request reads them once, when it arrives. The requests that arrive in the
 * same turn of the event loop share one statement, sent after the last of them arrived, so each
 * still sees every write committed before it came: under load that is one statement for many
 * requests instead of one (the user's row) for each.
 */
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from './client';

export interface ChangeStamps {
  offers: string;
  users: string;
}

export function changeStamps(db: Database): () => Promise<ChangeStamps> {
  let next: Promise<ChangeStamps> | null = null;
  const read = async (): Promise<ChangeStamps> => {
    const [row] = await selectRows<ChangeStamps>(
      db,
      sql`SELECT (SELECT stamp::text FROM offer_changes) AS offers, (SELECT stamp::text FROM user_changes) AS users`,
    );
    if (!row) throw new Error('The change stamps are missing (migrations 0007 and 0013).');
    return row;
  };
  return () => {
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Sent now: whoever asks from here on waits for the next statement.
      next = null;
      return read();
    });
    return next;
  };
}
