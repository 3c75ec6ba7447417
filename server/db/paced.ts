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
