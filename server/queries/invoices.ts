/** Invoices as the contract shows them: a page costs its heads, its orders, and their sums in chunks of orders. */
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { moneyOf } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import type { Database } from '../db/client';
import { inChunks } from '../db/paced';
import { invoices, orderLines, orders, sellers, users } from '../db/schema';
import { personName } from '../lib/people';

type InvoiceBody = components['schemas']['Invoice'];
type PaymentStatus = components['schemas']['PaymentStatus'];

/** Totals are handled as JS numbers in cents, exact up to 2^53 - 1; the bigint column holds more. */
export const MAX_INVOICE_CENTS = Number.MAX_SAFE_INTEGER;

/** Overdue is derived, never stored: issued, unpaid and due before today (UTC day). */
function paymentStatusOf(
  invoice: { status: string; dueDate: string; paymentDate: string | null },
  today: string,
): PaymentStatus {
  if (invoice.paymentDate !== null) return 'paid';
  return invoice.status === 'issued' && invoice.dueDate < today ? 'overdue' : 'unpaid';
}

/** The SQL twin of `paymentStatusOf`, for the `paymentStatus` filter. */
export function paymentStatusIs(status: PaymentStatus, today: string): SQL {
  const overdue = sql`(${invoices.status} = 'issued' and ${invoices.dueDate} < ${today})`;
  if (status === 'paid') return sql`${invoices.paymentDate} is not null`;
  if (status === 'overdue') return sql`(${invoices.paymentDate} is null and ${overdue})`;
  return sql`(${invoices.paymentDate} is null and not ${overdue})`;
}

/**
 * Loads invoices by id and serializes them, in the order of `ids`; unknown ids are skipped. The
 * orders' totals and regions are summed in chunks of orders: an invoice may hold 500 of them.
 */
export async function loadInvoices(db: Database, ids: number[], today: string): Promise<InvoiceBody[]> {
  if (ids.length === 0) return [];
  const [heads, invoiced] = await Promise.all([
    db
      .select({
        invoice: invoices,
        storefront: sellers.name,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientEmail: users.email,
        clientCompany: users.company,
      })
      .from(invoices)
      .innerJoin(sellers, eq(sellers.id, invoices.sellerId))
      .innerJoin(users, eq(users.id, invoices.clientId))
      .where(inArray(invoices.id, ids)),
    db
      .select({ id: orders.id, invoiceId: orders.invoiceId, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.invoiceId, ids))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
  ]);
  const sums = await inChunks(
    invoiced.map((order) => order.id),
    (chunk) =>
      db
        .select({
          orderId: orderLines.orderId,
          // float8: exact for any realistic sum, and both drivers return it as a number.
          totalCents: sql<number>`sum(${orderLines.quantity}::bigint * ${orderLines.unitPriceCents})::float8`,
          regions: sql<
            string[]
          >`array_agg(distinct ${orderLines.region}) filter (where ${orderLines.region} is not null)`,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, chunk))
        .groupBy(orderLines.orderId),
  );
  const sumOf = new Map(sums.map((sum) => [sum.orderId, sum]));
  const ordersOf = new Map<number, InvoiceBody['orders']>();
  for (const order of invoiced) {
    if (order.invoiceId === null) continue;
    const sum = sumOf.get(order.id);
    const list = ordersOf.get(order.invoiceId) ?? [];
    list.push({
      id: order.id,
      created_at: order.createdAt.toISOString(),
      total: moneyOf(Number(sum?.totalCents ?? 0)),
      regions: sum?.regions ?? [],
    });
    ordersOf.set(order.invoiceId, list);
  }
  const byId = new Map(
    heads.map(({ invoice, ...party }) => {
      const body: InvoiceBody = {
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        payment_status: paymentStatusOf(invoice, today),
        seller: { id: invoice.sellerId, name: party.storefront },
        client: {
          id: invoice.clientId,
          name: personName({
            firstName: party.clientFirstName,
            lastName: party.clientLastName,
            email: party.clientEmail,
          }),
          company: party.clientCompany,
        },
        issued_at: invoice.issuedAt.toISOString(),
        due_date: invoice.dueDate,
        payment_date: invoice.paymentDate,
        total: moneyOf(invoice.totalCents),
        orders: ordersOf.get(invoice.id) ?? [],
      };
      return [invoice.id, body] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
