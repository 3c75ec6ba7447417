/**
 * Invoices: a client sees those addressed to it, a seller those of its storefronts. A seller
 * invoices completed orders of one client and one storefront, and records their payment.
 */
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { inChunks, statementChunks } from '../db/paced';
import { invoices, orderEvents, orderLines, orders, sellers, users } from '../db/schema';
import { requireSeller } from '../http/auth';
import { readJson } from '../http/body';
import type { QueryOf } from '../http/contract';
import { badRequest, conflict, type FieldErrors, forbidden, invalid, notFound } from '../http/errors';
import { listPage } from '../http/pagination';
import { isoDate } from '../lib/days';
import { containsPattern } from '../lib/search';
import { loadInvoices, MAX_INVOICE_CENTS, paymentStatusIs } from '../queries/invoices';
import { regionNamesOf, storefrontsOf } from '../queries/orders';

const INVOICE_ID = ':invoiceId{[1-9][0-9]{0,8}}';

type InvoiceQuery = QueryOf<'listInvoices'>;

const ORDERINGS: Record<NonNullable<InvoiceQuery['ordering']>, SQL[]> = {
  due_date: [asc(invoices.dueDate), asc(invoices.id)],
  '-due_date': [desc(invoices.dueDate), desc(invoices.id)],
  // Unpaid invoices have no payment date; they come after the paid ones either way.
  payment_date: [sql`${invoices.paymentDate} asc nulls last`, asc(invoices.id)],
  '-payment_date': [sql`${invoices.paymentDate} desc nulls last`, desc(invoices.id)],
  issued_at: [asc(invoices.issuedAt), asc(invoices.id)],
  '-issued_at': [desc(invoices.issuedAt), desc(invoices.id)],
  total: [asc(invoices.totalCents), asc(invoices.id)],
  '-total': [desc(invoices.totalCents), desc(invoices.id)],
  number: [asc(invoices.number), asc(invoices.id)],
  '-number': [desc(invoices.number), desc(invoices.id)],
};

function invoiceMatches(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(lower(${invoices.number}) like ${pattern}
    or exists (select 1 from ${sellers} where ${sellers.id} = ${invoices.sellerId} and lower(${sellers.name}) like ${pattern})
    or exists (select 1 from ${users} where ${users.id} = ${invoices.clientId} and (
      lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}
      or lower(${users.email}) like ${pattern} or lower(${users.company}) like ${pattern})))`;
}

const invoiceHasRegion = (regionId: number): SQL =>
  sql`exists (select 1 from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
    where ${orders.invoiceId} = ${invoices.id} and ${orderLines.region} in ${regionNamesOf(regionId)})`;

export function invoiceRoutes(ctx: ServerContext) {
  const today = () => isoDate(ctx.now());

  return new Hono<AppEnv>()
    .get('/invoices/', async (c) => {
      const user = c.get('user');
      const query = ctx.contract.query('listInvoices', c.req.query());
      const day = today();
      const conditions: SQL[] = [
        user.isSeller ? sql`${invoices.sellerId} in ${storefrontsOf(user.id)}` : eq(invoices.clientId, user.id),
      ];
      const term = query.search?.trim();
      if (term) conditions.push(invoiceMatches(term));
      if (query.dueDate) conditions.push(eq(invoices.dueDate, query.dueDate));
      if (query.paymentDate) conditions.push(eq(invoices.paymentDate, query.paymentDate));
      if (query.status) conditions.push(eq(invoices.status, query.status));
      if (query.seller) conditions.push(eq(invoices.sellerId, query.seller));
      if (query.region) conditions.push(invoiceHasRegion(query.region));
      if (query.paymentStatus) conditions.push(paymentStatusIs(query.paymentStatus, day));
      const page = await listPage(ctx.db, c.req.url, query, {
        table: invoices,
        id: invoices.id,
        conditions,
        orderings: ORDERINGS,
        ordering: query.ordering ?? '-due_date',
        load: (ids) => loadInvoices(ctx.db, ids, day),
      });
      return c.json(page);
    })
    .post('/invoices/', async (c) => {
      const user = requireSeller(c);
      const body = ctx.contract.body('createInvoice', await readJson(c));
      const now = ctx.now();
      const day = isoDate(now);
      const ids = [...new Set(body.order_ids)];
      const invoiceId = await ctx.db.transaction(async (tx) => {
        // Serializes invoice creation so two invoices cannot take the same number.
        await tx.execute(sql`lock table ${invoices} in share row exclusive mode`);
        // In chunks in id order, so two invoices naming the same orders lock them in one order.
        const found = await inChunks(
          [...ids].sort((a, b) => a - b),
          (chunk) =>
            tx
              .select({
                id: orders.id,
                status: orders.status,
                invoiceId: orders.invoiceId,
                sellerId: orders.sellerId,
                clientId: orders.clientId,
              })
              .from(orders)
              .where(and(inArray(orders.id, chunk), sql`${orders.sellerId} in ${storefrontsOf(user.id)}`))
              .for('update'),
        );
        const byId = new Map(found.map((order) => [order.id, order]));
        const orderErrors = ids.flatMap((id) => {
          const order = byId.get(id);
          if (!order) return [`Unknown order: ${id}.`];
          if (order.status !== 'completed') return [`Order ${id} is not completed.`];
          if (order.invoiceId !== null) return [`Order ${id} is already invoiced.`];
          return [];
        });
        if (new Set(found.map((order) => order.sellerId)).size > 1) {
          orderErrors.push('All orders must be from the same storefront.');
        }
        if (new Set(found.map((order) => order.clientId)).size > 1) {
          orderErrors.push('All orders must be of the same client.');
        }
        const errors: FieldErrors = {};
        if (orderErrors.length > 0) errors.order_ids = orderErrors;
        if (body.due_date < day) errors.due_date = ['The due date cannot be in the past.'];
        if (Object.keys(errors).length > 0) throw badRequest(errors);

        // As exact text: a float8 would round a sum past 2^53 before it could be refused.
        const sums = await inChunks(ids, (chunk) =>
          tx
            .select({
              cents: sql<string>`coalesce(sum(${orderLines.quantity}::bigint * ${orderLines.unitPriceCents}), 0)::text`,
            })
            .from(orderLines)
            .where(inArray(orderLines.orderId, chunk)),
        );
        const exactCents = sums.reduce((total, sum) => total + BigInt(sum.cents), 0n);
        if (exactCents > BigInt(MAX_INVOICE_CENTS))
          throw invalid('order_ids', 'The invoice total is too large; invoice fewer orders.');
        const totalCents = Number(exactCents);

        const year = now.getUTCFullYear();
        const prefix = `INV-${year}-`;
        const [last] = await tx
          .select({ sequence: sql<number>`coalesce(max(split_part(${invoices.number}, '-', 3)::int), 0)` })
          .from(invoices)
          .where(sql`${invoices.number} ~ ${`^${prefix}[0-9]+$`}`);
        const number = `${prefix}${String((last?.sequence ?? 0) + 1).padStart(4, '0')}`;

        const first = byId.get(ids[0] as number);
        if (!first) throw new Error('Validated orders vanished');
        const [invoice] = await tx
          .insert(invoices)
          .values({
            number,
            sellerId: first.sellerId,
            clientId: first.clientId,
            status: 'issued',
            issuedAt: now,
            dueDate: body.due_date,
            totalCents,
            createdAt: now,
          })
          .returning({ id: invoices.id });
        if (!invoice) throw new Error('The invoice insert returned nothing');
        for (const chunk of statementChunks(ids)) {
          await tx.update(orders).set({ invoiceId: invoice.id, updatedAt: now }).where(inArray(orders.id, chunk));
          await tx.insert(orderEvents).values(
            chunk.map((orderId) => ({
              orderId,
              actorId: user.id,
              type: 'invoiced' as const,
              note: number,
              createdAt: now,
            })),
          );
        }
        return invoice.id;
      });
      const [invoice] = await loadInvoices(ctx.db, [invoiceId], day);
      return c.json(invoice, 201);
    })
    .get(`/invoices/${INVOICE_ID}/`, async (c) => {
      const user = c.get('user');
      const id = Number(c.req.param('invoiceId'));
      const [visible] = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.id, id),
            or(eq(invoices.clientId, user.id), sql`${invoices.sellerId} in ${storefrontsOf(user.id)}`),
          ),
        );
      if (!visible) throw notFound();
      const [invoice] = await loadInvoices(ctx.db, [id], today());
      return c.json(invoice);
    })
    .post(`/invoices/${INVOICE_ID}/pay/`, async (c) => {
      // The role comes first: a client gets 403 whether or not the invoice is its own.
      const user = requireSeller(c);
      const id = Number(c.req.param('invoiceId'));
      const raw = await readJson(c);
      const day = today();
      await ctx.db.transaction(async (tx) => {
        const [invoice] = await tx
          .select({
            clientId: invoices.clientId,
            ownerId: sellers.ownerId,
            status: invoices.status,
            paymentDate: invoices.paymentDate,
            issuedAt: invoices.issuedAt,
          })
          .from(invoices)
          .innerJoin(sellers, eq(sellers.id, invoices.sellerId))
          .where(eq(invoices.id, id))
          .for('update', { of: invoices });
        if (!invoice || (invoice.ownerId !== user.id && invoice.clientId !== user.id)) throw notFound();
        // A seller may also be the invoice's client (buying from another storefront).
        if (invoice.ownerId !== user.id)
          throw forbidden('Only the seller who issued this invoice can record its payment.');
        // The body is checked once the caller is known to be allowed, as DRF would.
        const body = ctx.contract.body('markInvoicePaid', raw);
        if (invoice.status === 'cancelled') throw conflict('This invoice is cancelled: it cannot be paid.');
        if (invoice.paymentDate !== null) throw conflict(`This invoice is already paid (${invoice.paymentDate}).`);
        const paymentDate = body.payment_date ?? day;
        const issuedDay = isoDate(invoice.issuedAt);
        if (paymentDate > day) throw invalid('payment_date', 'The payment date cannot be in the future.');
        if (paymentDate < issuedDay) {
          throw invalid('payment_date', `The payment date cannot be before the invoice was issued (${issuedDay}).`);
        }
        await tx.update(invoices).set({ paymentDate }).where(eq(invoices.id, id));
      });
      const [invoice] = await loadInvoices(ctx.db, [id], day);
      return c.json(invoice);
    });
}
