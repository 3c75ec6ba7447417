/**
 * Drizzle description of the tables. The SQL in `migrations/` is what creates them (there is no
 * drizzle-kit); `tests/unit/server/db.test.ts` checks that both have the same columns and index names.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { components } from '../../openapi/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const orderStatuses = ['in_progress', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const negotiationStates = [
  'none',
  'special_price_requested',
  'counter_proposed',
  'counter_accepted',
  'counter_declined',
] as const;
export type NegotiationState = (typeof negotiationStates)[number];

export const offerTypes = ['regular', 'promo'] as const;
export type OfferType = (typeof offerTypes)[number];

const invoiceStatuses = ['issued', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

const orderEventTypes = [
  'placed',
  'special_price_requested',
  'counter_proposed',
  'counter_accepted',
  'counter_declined',
  'approved',
  'cancelled',
  'invoiced',
] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always lowercase (a CHECK enforces it), so lookups compare with `lower(input)`. */
    email: text('email').notNull().unique('users_email_key'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'`),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Refresh tokens revoked before they expire (sign-out); rows past `expires_at` may be purged. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const publishers = pgTable('publishers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('publishers_name_key'),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('regions_code_key'),
  name: text('name').notNull(),
});

/** Storefronts. A seller user owns one or more; ownership of offers and orders goes through `owner_id`. */
export const sellers = pgTable(
  'sellers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('sellers_name_key'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('sellers_owner_idx').on(t.ownerId)],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    product: text('product').notNull(),
    type: text('type', { enum: offerTypes }).notNull().default('regular'),
    isHot: boolean('is_hot').notNull().default(false),
    unitPriceCents: integer('unit_price_cents').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    imageUrl: text('image_url'),
    /** The contract's `Offer.version` (migration 0004): every write sets `version = version + 1`. */
    version: integer('version').notNull().default(1),
    /** `lower(product)`, kept by PostgreSQL; search with `productContains`, never write it. */
    productSearch: text('product_search').generatedAlwaysAs(sql`lower(product)`),
    /** The upload that wrote the offer while it is unfinished (migration 0008); null for others. */
    uploadId: integer('upload_id'),
    /**
     * Null while never published; equal to `version` exactly while product and price are the ones
     * clients last saw published (migration 0009: a trigger keeps it, never written here).
     */
    publicVersion: integer('public_version'),
  },
  (t) => [
    check('offers_type_check', sql`${t.type} in ('regular', 'promo')`),
    check('offers_unit_price_check', sql`${t.unitPriceCents} > 0`),
    check('offers_validity_check', sql`${t.endAt} > ${t.startAt}`),
    // Client list: published offers, one index per ordering; the SQL explains each choice. Each
    // INCLUDEs the filter columns in SQL (migration 0011): Drizzle cannot express it.
    index('offers_pub_start_idx').on(t.startAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
    index('offers_pub_price_idx').on(t.unitPriceCents, t.id).where(sql`${t.isPublished}`),
    index('offers_pub_product_idx').on(t.product, t.id).where(sql`${t.isPublished}`),
    // INCLUDE (start_at, publisher_id, region_id, product_search, is_hot) in SQL (0014), and the other filters
    // in the two that lead with publisher or region.
    index('offers_pub_count_idx').on(t.type, t.endAt, t.id).where(sql`${t.isPublished}`),
    index('offers_pub_publisher_count_idx').on(t.type, t.publisherId, t.endAt).where(sql`${t.isPublished}`),
    index('offers_pub_region_count_idx').on(t.type, t.regionId, t.endAt).where(sql`${t.isPublished}`),
    index('offers_pub_published_idx').on(t.publishedAt.desc(), t.id.desc(), t.sellerId).where(sql`${t.isPublished}`),
    index('offers_all_published_idx').on(t.publishedAt.desc().nullsLast(), t.id.desc(), t.sellerId),
    index('offers_unpub_created_idx').on(t.createdAt.desc(), t.id.desc(), t.sellerId).where(sql`not ${t.isPublished}`),
    // INCLUDE (product_search) in SQL.
    index('offers_seller_created_idx').on(t.sellerId, t.isPublished, t.createdAt.desc(), t.id.desc()),
    index('offers_seller_published_idx').on(t.sellerId, t.isPublished, t.publishedAt.desc(), t.id.desc()),
    index('offers_publisher_idx').on(t.publisherId, t.startAt.desc()),
    index('offers_region_idx').on(t.regionId, t.startAt.desc()),
    index('offers_product_trgm_idx').using('gin', t.productSearch.op('gin_trgm_ops')),
  ],
);

/**
 * Case-insensitive "product contains term", the one form of search the trigram index and the
 * count index serve (a `product ILIKE` would scan). LIKE wildcards in the term match literally.
 */
export function productContains(term: string): SQL {
  return productMatches(containsPattern(term));
}

/** The LIKE pattern of `productContains`: the term, its wildcards escaped, between two `%`. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `productContains` for a pattern given as a value or a placeholder of a prepared statement. */
export function productMatches(pattern: unknown): SQL {
  // lower() in SQL rather than toLowerCase() in JS, so both sides fold case the same way.
  return sql`${offers.productSearch} like lower(${pattern})`;
}

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_items_user_offer_key').on(t.userId, t.offerId),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    index('cart_items_offer_idx').on(t.offerId),
  ],
);

/** The orders of the first checkout with an `Idempotency-Key`, per user (migration 0003). */
export const checkoutKeys = pgTable(
  'checkout_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderIds: integer('order_ids').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('checkout_keys_user_key_key').on(t.userId, t.key)],
);

/** The files each seller imported, by SHA-256 of their bytes: the upload duplicate guard (migration 0005). */
export const uploadDigests = pgTable(
  'upload_digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase hex. */
    digest: text('digest').notNull(),
    /** The latest import of the file. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** How many offers that import created. */
    count: integer('count').notNull(),
  },
  (t) => [unique('upload_digests_user_digest_key').on(t.userId, t.digest)],
);

/** Uploads whose offers are being written, so a crash part-way can be undone (migration 0008). */
export const unfinishedUploads = pgTable('unfinished_uploads', {
  id: serial('id').primaryKey(),
  /** The file's claimed digest, released with the offers. */
  digestId: integer('digest_id').references(() => uploadDigests.id, { onDelete: 'set null' }),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** `INV-<year>-<4-digit sequence within the year>`. */
    number: text('number').notNull().unique('invoices_number_key'),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: invoiceStatuses }).notNull().default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueDate: date('due_date').notNull(),
    /** Null while unpaid; unpaid past `due_date` is "overdue" (derived, not stored). */
    paymentDate: date('payment_date'),
    /** bigint: one invoice can sum several large orders past 2^31 cents (0002_invoice_total_bigint). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('issued', 'cancelled')`),
    index('invoices_client_due_idx').on(t.clientId, t.dueDate.desc()),
    index('invoices_seller_due_idx').on(t.sellerId, t.dueDate.desc()),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    status: text('status', { enum: orderStatuses }).notNull().default('in_progress'),
    negotiation: text('negotiation', { enum: negotiationStates }).notNull().default('none'),
    clientNote: text('client_note').notNull().default(''),
    counterNote: text('counter_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    invoiceId: integer('invoice_id').references(() => invoices.id),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('in_progress', 'completed', 'cancelled')`),
    check(
      'orders_negotiation_check',
      sql`${t.negotiation} in ('none', 'special_price_requested', 'counter_proposed', 'counter_accepted', 'counter_declined')`,
    ),
    index('orders_client_status_idx').on(t.clientId, t.status, t.createdAt.desc()),
    index('orders_seller_status_idx').on(t.sellerId, t.status, t.createdAt.desc()),
    index('orders_invoice_idx').on(t.invoiceId),
  ],
);

/** Product, publisher and region are copied at order time so history survives offer edits and deletes. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    publisher: text('publisher').notNull(),
    region: text('region').notNull(),
    quantity: integer('quantity').notNull(),
    /** The agreed price: the list price, or the counter price once the client accepted it. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The offer's price when the order was placed. */
    listUnitPriceCents: integer('list_unit_price_cents').notNull(),
    counterQuantity: integer('counter_quantity'),
    counterUnitPriceCents: integer('counter_unit_price_cents'),
  },
  (t) => [
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_offer_idx').on(t.offerId),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: orderEventTypes }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Failed sign-in attempts and those still being checked, per account and per client address
 * (migrations 0006 and 0010): the sign-in throttle's counts, shared by every server on the database.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull().$type<'account' | 'address'>(),
    /** The email as typed (trimmed, lowercase) or the client address. */
    key: text('key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The password is still being checked; a failure once refused (or once its process is gone). */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [
    index('sign_in_failures_key_idx').on(t.scope, t.key, t.startedAt),
    index('sign_in_failures_started_idx').on(t.startedAt),
    check('sign_in_failures_scope_check', sql`${t.scope} in ('account', 'address')`),
  ],
);

/**
 * The audit trail of offer writes (migration 0015): one row per write of one offer, in the write's
 * transaction; the rows of one request share `batch_id` (from `offer_history_batch_seq`).
 */
export const offerHistory = pgTable(
  'offer_history',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source').notNull().$type<components['schemas']['OfferChangeSource']>(),
    /** The offer's product after the write. */
    product: text('product').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    changes: jsonb('changes').notNull().$type<components['schemas']['OfferFieldChange'][]>(),
    /** The batch that reverted this row's batch. */
    revertedBy: integer('reverted_by'),
  },
  (t) => [
    check(
      'offer_history_source_check',
      sql`${t.source} in ('row_edit', 'bulk_update', 'paste', 'fill', 'upload', 'publish', 'withdraw', 'revert')`,
    ),
    index('offer_history_offer_idx').on(t.offerId, t.at.desc(), t.id.desc()),
    index('offer_history_user_idx').on(t.userId, t.at.desc(), t.id.desc()),
    index('offer_history_batch_idx').on(t.batchId),
  ],
);
