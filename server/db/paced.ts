import type { PGlite, Transaction } from '@electric-sql/pglite';

/** One turn of the event loop: whatever I/O waits (other requests) runs first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded database runs in this process: each statement is WebAssembly on the event loop, and
 * the statements of a transaction follow one another as promise reactions, so the loop gets no gap
 * between them: a bulk update of 500 offers held every other request for its whole duration.
 * Here each statement waits for one turn of the loop first (behaviour §8), so the loop is held for
 * one statement at most. Other requests' statements still wait for a transaction to end, as its
 * one connection is taken; what they no longer wait for is the HTTP handling around them.
 */
export function paceStatements(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => callback(pacedTransaction(tx)))) as PGlite['transaction'];
  return client;
}

/** `tx` with the same pause before each of its statements; everything else is `tx`'s own. */
function pacedTransaction(tx: Transaction): Transaction {
  return Object.create(tx, {
    query: {
      value: async (...args: Parameters<Transaction['query']>) => {
        await turn();
        return tx.query(...args);
      },
    },
    exec: {
      value: async (...args: Parameters<Transaction['exec']>) => {
        await turn();
        return tx.exec(...args);
      },
    },
  }) as Transaction;
}

/**
 * Rows one statement reads or writes when a request names many (a contract's `maxItems` is 500:
 * cart lines at checkout, orders to invoice, offers to publish, edit or check). The pause above
 * comes between statements only, and one statement over 500 rows held the loop for up to 250 ms.
 * Measured on the embedded database (CPU, 2 cores): writing an offer costs 0.4 to 0.9 ms a row
 * (about fifteen indexes), reading or locking a row under 0.1 ms, and any statement 2 to 4 ms more.
 * At 25 rows an offer update takes about 10 ms (90% under 30 ms); at 50 a bulk edit of every field
 * took 25 to 55 ms. Reads would fit more rows; the extra statements one size gives them did not
 * change answer times measurably. On PostgreSQL a chunk is one more round trip in the transaction.
 */
export const ROWS_PER_STATEMENT = 25;

/** `items` in consecutive runs of ROWS_PER_STATEMENT, in order, for one statement each. */
export function statementChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return chunks;
}

/**
 * Runs `statement` on each chunk of `items` (`statementChunks`), one after the other, and joins
 * what they return in order. Inside a transaction the chunks are part of it: all or nothing still.
 */
export async function inChunks<T, R>(items: readonly T[], statement: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const chunk of statementChunks(items)) rows.push(...(await statement(chunk)));
  return rows;
}
