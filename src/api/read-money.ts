/**
 * The one place where amounts enter the app: every answer of the API client, data and error body
 * alike, has each money field (the contract's `Money`, found by name: `MONEY_FIELDS`) read into
 * integer cents by `centsOf`, from a decimal string or, as a Django REST Framework back end with
 * `COERCE_DECIMAL_TO_STRING = False` sends it, a JSON number. An amount that cannot be read becomes
 * NaN, which every screen shows as a dash, and is reported once.
 */

import { centsOf } from '@openapi/rules/money';
import type { paths } from '@openapi/schema';
import { MONEY_FIELDS, type Read } from '@openapi/schema.facts';
import type { Client } from 'openapi-fetch';

type ReadOperation<O> = O extends { responses: unknown }
  ? { [K in keyof O]: K extends 'responses' ? Read<O[K]> : O[K] }
  : O;

/** The contract's paths with their answers read: what the app's clients are typed by. */
export type ReadPaths = { [P in keyof paths]: { [M in keyof paths[P]]: ReadOperation<paths[P][M]> } };

const MONEY: ReadonlySet<string> = new Set(MONEY_FIELDS);
/** Unreadable amounts already reported, so a list read again does not report them again. */
const reported = new Set<string>();

function reportOnce(field: string, amount: unknown) {
  const key = `${field}=${JSON.stringify(amount)}`;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`An amount the app cannot read arrived in "${field}": ${JSON.stringify(amount)}. It is shown as "—".`);
}

/**
 * `value` with its amounts in cents. In an error body a money field may hold that field's messages
 * (`{"unit_price": ["…"]}`), which stay as they are; in a data body anything but an amount or null
 * is an amount that could not be read.
 */
export function readAmounts(value: unknown, isData: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => readAmounts(item, isData));
  if (typeof value !== 'object' || value === null) return value;
  const read: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    read[key] = MONEY.has(key) ? readAmount(key, item, isData) : readAmounts(item, isData);
  }
  return read;
}

function readAmount(field: string, amount: unknown, isData: boolean): unknown {
  if (amount === null) return null;
  if (!isData && typeof amount !== 'string' && typeof amount !== 'number') return amount;
  const cents = centsOf(amount);
  if (Number.isNaN(cents)) reportOnce(field, amount);
  return cents;
}

type Call = (...args: never[]) => Promise<{ data?: unknown; error?: unknown }>;

function reading<C extends Call>(call: C): C {
  return (async (...args: Parameters<C>) => {
    const result = await call(...args);
    const read = { ...result };
    if ('data' in result) read.data = readAmounts(result.data, true);
    if ('error' in result) read.error = readAmounts(result.error, false);
    return read;
  }) as C;
}

/** `client` whose every call answers with its amounts read (the one cast from wire to read types). */
export function readingMoney(client: Client<paths>): Client<ReadPaths> {
  const methods = ['request', 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
  const wrapped = { ...client };
  for (const method of methods) (wrapped as unknown as Record<string, Call>)[method] = reading(client[method] as Call);
  return wrapped as unknown as Client<ReadPaths>;
}
