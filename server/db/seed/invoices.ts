/** One invoice per invoiced demo order: paid, unpaid or overdue. */
import { isoDate } from '../../lib/days';
import type { Database } from '../client';
import { invoices } from '../schema';
import { insertBatched } from './batch';
import { invoiceIssuedAt, type OrderPlan } from './orders';
import type { Random } from './random';
import { DAY } from './time';

/** Invoices numbered per year in issue order. Returns the invoice id per plan. */
export async function insertInvoices(
  tx: Database,
  plans: OrderPlan[],
  random: Random,
  now: number,
): Promise<Map<OrderPlan, number>> {
  const invoiced = plans
    .filter((plan) => plan.invoice !== null)
    .sort((a, b) => invoiceIssuedAt(a) - invoiceIssuedAt(b));
  const perYear = new Map<number, number>();
  const rows = invoiced.map((plan) => {
    const issued = invoiceIssuedAt(plan);
    const year = new Date(issued).getUTCFullYear();
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    const due = issued + 30 * DAY;
    const paid = plan.invoice === 'paid' ? Math.min(now - DAY, issued + random.int(5, 25) * DAY) : null;
    return {
      number: `INV-${year}-${String(sequence).padStart(4, '0')}`,
      sellerId: plan.sellerId,
      clientId: plan.clientId,
      status: 'issued' as const,
      issuedAt: new Date(issued),
      dueDate: isoDate(new Date(due)),
      paymentDate: paid === null ? null : isoDate(new Date(paid)),
      totalCents: plan.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      createdAt: new Date(issued),
    };
  });
  const ids = await insertBatched(tx, invoices, rows);
  return new Map(invoiced.map((plan, i) => [plan, ids[i] as number]));
}
