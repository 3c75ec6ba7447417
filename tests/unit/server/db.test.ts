import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords';
import { type OpenedDatabase, openDatabase, selectRows } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { seedIfEmpty } from '../../../server/db/seed';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts';

// Each PGlite instance costs seconds; the file opens one, then reopens it once.
const NOW = new Date('2026-03-15T10:00:00Z');
const TODAY = '2026-03-15';
let dataDir: string;
let database: OpenedDatabase;

async function count(table: string, where = 'true') {
  const query = sql.raw(`select count(*)::int as n from ${table} where ${where}`);
  const [row] = await selectRows<{ n: number }>(database.db, query);
  return row?.n;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-db-test-'));
  database = await openDatabase({ dataDir, databaseUrl: null });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a fresh data dir', () => {
  it('is migrated and seeded', async () => {
    expect(database.kind).toBe('pglite');
    const migrations = await selectRows<{ name: string }>(database.db, sql`select name from schema_migrations`);
    expect(migrations.map((m) => m.name)).toContain('0001_init.sql');

    const result = await seedIfEmpty(database.db, { offers: 200, now: NOW });
    expect(result).toMatchObject({ seeded: true, offers: 200 });
  }, 60_000);

  it('has the demo accounts, all verified, with the demo password', async () => {
    const people = await database.db.select().from(schema.users);
    const sellers = people.filter((u) => u.permissions.includes('add_offer'));
    const clients = people.filter((u) => !u.permissions.includes('add_offer'));
    expect(sellers.map((u) => u.email).sort()).toEqual(['seller2@example.com', 'seller@example.com']);
    expect(clients.length).toBeGreaterThanOrEqual(2);
    expect(people.every((u) => u.isVerified)).toBe(true);
    const ada = people.find((u) => u.email === 'client@example.com');
    expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Client', company: 'Pixel Retail GmbH' });
    expect(await verifyPassword(DEMO_PASSWORD, ada?.passwordHash ?? '')).toBe(true);
  });

  it('has storefronts, publishers, regions and 200 offers of every kind', async () => {
    const storefronts = await database.db
      .select({ name: schema.sellers.name })
      .from(schema.sellers)
      .innerJoin(schema.users, eq(schema.users.id, schema.sellers.ownerId))
      .where(eq(schema.users.email, 'seller@example.com'));
    expect(storefronts.map((s) => s.name).sort()).toEqual(['Nordic Keys', 'Pixel Wholesale']);
    expect(await count('sellers')).toBeGreaterThanOrEqual(3);
    expect(await count('publishers')).toBeGreaterThanOrEqual(6);
    expect(await count('regions')).toBeGreaterThanOrEqual(5);
    expect(await count('offers')).toBe(200);
    const kinds = await selectRows<Record<string, number>>(
      database.db,
      sql`select
        count(*) filter (where type = 'promo')::int as promo,
        count(*) filter (where type = 'regular')::int as regular,
        count(*) filter (where is_hot)::int as hot,
        count(*) filter (where not is_published)::int as unpublished,
        count(*) filter (where is_published and published_at is null)::int as published_without_date,
        count(*) filter (where end_at <= ${NOW})::int as past,
        count(*) filter (where start_at > ${NOW})::int as future,
        count(*) filter (where unit_price_cents not between 100 and 8000)::int as off_range
      from offers`,
    );
    expect(kinds[0]).toMatchObject({ published_without_date: 0, off_range: 0 });
    for (const kind of ['promo', 'regular', 'hot', 'unpublished', 'past', 'future']) {
      expect(kinds[0]?.[kind], kind).toBeGreaterThan(0);
    }
  });

  it('has orders in every status and negotiation state, with histories', async () => {
    const rows = await database.db
      .selectDistinct({ status: schema.orders.status, negotiation: schema.orders.negotiation })
      .from(schema.orders);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(schema.orderStatuses));
    expect(new Set(rows.map((r) => r.negotiation))).toEqual(new Set(schema.negotiationStates));
    expect(await count('orders o', 'not exists (select 1 from order_events e where e.order_id = o.id)')).toBe(0);
    expect(await count('orders o', 'not exists (select 1 from order_lines l where l.order_id = o.id)')).toBe(0);
    expect(await count('orders', "negotiation = 'special_price_requested' and client_note = ''")).toBe(0);
    expect(
      await count(
        'order_lines l join orders o on o.id = l.order_id',
        "o.negotiation = 'counter_proposed' and (l.counter_unit_price_cents is null or l.counter_quantity is null)",
      ),
    ).toBe(0);
    expect(
      await count(
        'order_lines l join orders o on o.id = l.order_id',
        "o.negotiation = 'counter_accepted' and l.unit_price_cents <> l.counter_unit_price_cents",
      ),
    ).toBe(0);
  });

  it('has paid, unpaid and overdue invoices, and completed orders still to invoice', async () => {
    expect(await count('invoices', 'payment_date is not null')).toBeGreaterThan(0);
    expect(await count('invoices', `payment_date is null and due_date >= '${TODAY}'`)).toBeGreaterThan(0);
    expect(await count('invoices', `payment_date is null and due_date < '${TODAY}'`)).toBeGreaterThan(0);
    expect(await count('orders', "status = 'completed' and invoice_id is null")).toBeGreaterThan(0);
    expect(await count('orders', "status <> 'completed' and invoice_id is not null")).toBe(0);
    const mismatched = await selectRows(
      database.db,
      sql`select i.id from invoices i
        join orders o on o.invoice_id = i.id join order_lines l on l.order_id = o.id
        group by i.id having sum(l.quantity * l.unit_price_cents) <> max(i.total_cents)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('has a cart with two items for client@example.com', async () => {
    expect(await count('cart_items c join users u on u.id = c.user_id', "u.email = 'client@example.com'")).toBe(2);
  });

  it('matches schema.ts: same columns and indexes as the migration created', async () => {
    const exported: unknown[] = Object.values(schema);
    const tables = exported.filter((value): value is PgTable => value instanceof PgTable);
    for (const table of tables) {
      const config = getTableConfig(table);
      const columns = await selectRows<{ column_name: string }>(
        database.db,
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${config.name}`,
      );
      const expected = Object.values(getTableColumns(table)).map((c) => c.name);
      expect(columns.map((c) => c.column_name).sort(), config.name).toEqual(expected.sort());
      const indexes = await selectRows<{ indexname: string }>(
        database.db,
        sql`select indexname from pg_indexes where schemaname = 'public' and tablename = ${config.name}`,
      );
      const names = indexes.map((i) => i.indexname);
      for (const index of config.indexes) expect(names, config.name).toContain(index.config.name);
    }
  });

  it('keeps the data when reopened, and does not seed again', async () => {
    const offersBefore = await count('offers');
    const ordersBefore = await count('orders');
    const migrationsBefore = await count('schema_migrations');
    await database.close();
    database = await openDatabase({ dataDir, databaseUrl: null });
    expect(await seedIfEmpty(database.db, { offers: 50, now: NOW })).toEqual({ seeded: false });
    expect(await count('offers')).toBe(offersBefore);
    expect(await count('orders')).toBe(ordersBefore);
    expect(migrationsBefore).toBeGreaterThan(0);
    expect(await count('schema_migrations')).toBe(migrationsBefore);
  }, 60_000);
});

describe('passwords', () => {
  it('verifies the password it hashed, and nothing else', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(stored);
  });

  it('rejects malformed or tampered hashes without throwing', async () => {
    const stored = await hashPassword('secret');
    const parts = stored.split('$');
    const costly = [parts[0], '1048576', '64', ...parts.slice(3)].join('$');
    const zeroed = [...parts.slice(0, 5), Buffer.alloc(32).toString('base64')].join('$');
    for (const bad of ['', 'bcrypt$x', costly, zeroed]) {
      expect(await verifyPassword('secret', bad)).toBe(false);
    }
  });
});
