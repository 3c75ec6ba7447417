/**
 * Migration 0009 on a database made before it: which offers count as published once, and the
 * trigger that keeps `public_version` from then on (behaviour §6).
 */
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrate } from '../../../server/db/migrate';

const MIGRATIONS = fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url));

let folder: string;
let db: PGlite;

const publicVersions = async () =>
  Object.fromEntries(
    (
      await db.query<{ product: string; public_version: number | null; version: number }>(
        'SELECT product, public_version, version FROM offers ORDER BY id',
      )
    ).rows.map((row) => [row.product, [row.public_version, row.version]]),
  );

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'public-version-'));
  const before = path.join(folder, 'before');
  await mkdir(before);
  for (const name of (await readdir(MIGRATIONS)).filter((file) => file < '0009')) {
    await copyFile(path.join(MIGRATIONS, name), path.join(before, name));
  }
  db = await PGlite.create({ dataDir: path.join(folder, 'pgdata'), extensions: { pg_trgm } });
  await migrate(db, before);
  await db.exec(`
    INSERT INTO users (email, password_hash) VALUES ('seller@example.com', 'x'), ('client@example.com', 'x');
    INSERT INTO sellers (name, owner_id) VALUES ('Store', 1);
    INSERT INTO publishers (name) VALUES ('Publisher');
    INSERT INTO regions (code, name) VALUES ('EU', 'Europe');
    INSERT INTO offers (seller_id, publisher_id, region_id, product, unit_price_cents, start_at, end_at, is_published, version)
    VALUES
      (1, 1, 1, 'published', 100, now(), now() + interval '1 day', true, 3),
      (1, 1, 1, 'ordered, withdrawn', 100, now(), now() + interval '1 day', false, 4),
      (1, 1, 1, 'in a cart, withdrawn', 100, now(), now() + interval '1 day', false, 2),
      (1, 1, 1, 'draft', 100, now(), now() + interval '1 day', false, 1);
    INSERT INTO orders (client_id, seller_id) VALUES (2, 1);
    INSERT INTO order_lines (order_id, offer_id, product, publisher, region, quantity, unit_price_cents, list_unit_price_cents)
    VALUES (1, 2, 'ordered, withdrawn', 'Publisher', 'Europe', 1, 100, 100);
    INSERT INTO cart_items (user_id, offer_id, quantity) VALUES (2, 3, 1);
  `);
  await migrate(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('offers.public_version', () => {
  it('is backfilled: published offers public as they are, ordered or carted ones published once, drafts never', async () => {
    expect(await publicVersions()).toEqual({
      published: [3, 3],
      'ordered, withdrawn': [0, 4],
      'in a cart, withdrawn': [0, 2],
      draft: [null, 1],
    });
  });

  it('follows every write: published, withdrawn unchanged, edited while withdrawn, published again', async () => {
    const write = (set: string) =>
      db.query(`UPDATE offers SET ${set}, version = version + 1 WHERE product LIKE 'published%'`);
    await write('is_published = false');
    expect((await publicVersions()).published).toEqual([4, 4]);
    await write(`end_at = end_at + interval '1 day'`);
    expect((await publicVersions()).published).toEqual([5, 5]);
    await write('unit_price_cents = 250');
    expect((await publicVersions()).published).toEqual([5, 6]);
    await write('is_published = true');
    expect((await publicVersions()).published).toEqual([7, 7]);
    await db.query(
      `INSERT INTO offers (seller_id, publisher_id, region_id, product, unit_price_cents, start_at, end_at, is_published)
       VALUES (1, 1, 1, 'new published', 100, now(), now() + interval '1 day', true),
              (1, 1, 1, 'new draft', 100, now(), now() + interval '1 day', false)`,
    );
    const after = await publicVersions();
    expect([after['new published'], after['new draft']]).toEqual([
      [1, 1],
      [null, 1],
    ]);
  });
});
