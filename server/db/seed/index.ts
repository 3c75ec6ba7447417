/**
 * Demo data for a fresh database: the four accounts of DESIGN.md, storefronts, publishers, regions,
 * `offers` offers, orders in every status and negotiation state, invoices (paid, unpaid, overdue)
 * and a cart. The same `now` and offer count give the same data (password salts aside): one
 * random sequence runs through the offers, then the orders, then the invoices, in that order.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_PASSWORD, insertAccounts } from './accounts';
import { insertCart } from './cart';
import { insertCatalogue } from './catalogue';
import { insertInvoices } from './invoices';
import { insertOrders, planOrders } from './orders';
import { prng } from './random';

interface SeedOptions {
  offers: number;
  now?: Date;
}

type SeedResult = { seeded: false } | { seeded: true; users: number; offers: number; orders: number; invoices: number };

/**
 * Seeds only when there are no users yet, all in one transaction. Afterwards the tables are
 * vacuumed and analysed: PGlite has no autovacuum, and the offer list's plans (index-only counts,
 * index choice for search) depend on fresh statistics and visibility map.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = (options.now ?? new Date()).getTime();
  const random = prng(20_260_101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const result = await db.transaction(async (tx): Promise<SeedResult> => {
    await tx.execute(sql`LOCK TABLE users IN EXCLUSIVE MODE`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { seeded: false };

    const accounts = await insertAccounts(tx, passwordHash, now);
    const catalogue = await insertCatalogue(tx, random, accounts, options.offers, now);
    const plans = planOrders(random, accounts, catalogue, now);
    const invoiceIdOf = await insertInvoices(tx, plans, random, now);
    await insertOrders(tx, plans, invoiceIdOf, catalogue);
    await insertCart(tx, accounts, catalogue, now);
    return {
      seeded: true,
      users: accounts.count,
      offers: catalogue.offers.length,
      orders: plans.length,
      invoices: invoiceIdOf.size,
    };
  });

  // Only our tables: on a shared PostgreSQL the catalogs belong to someone else.
  if (result.seeded) {
    await db.execute(
      sql`VACUUM ANALYZE users, publishers, regions, sellers, offers, cart_items, invoices, orders, order_lines, order_events`,
    );
  }
  return result;
}
