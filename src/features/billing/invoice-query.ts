/**
 * Billing's view in the URL (behaviour §3, billing filters; §9, default ordering `-due_date`),
 * named as the contract's listInvoices names its parameters, plus `invoice`: the invoice open in
 * the dialog. A value the contract would refuse is dropped by the list kit, never an error.
 */
import { QUERY_LIMITS } from '@openapi/schema.facts';
import { z } from 'zod/mini';
import type { InvoiceListQuery } from '@/api/models';

/** The contract's `Id`: a 32-bit database id. */
const id = z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647));
/** The contract's `Day`: a real calendar day from 1900-01-01 to 9999-12-30. */
const day = z.iso.date().check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-30'));

const orderings = [
  'due_date',
  '-due_date',
  'payment_date',
  '-payment_date',
  'issued_at',
  '-issued_at',
  'total',
  '-total',
  'number',
  '-number',
] as const satisfies readonly NonNullable<InvoiceListQuery['ordering']>[];

export const invoiceQuerySchema = z.object({
  search: z.string().check(z.maxLength(QUERY_LIMITS.listInvoices.search.maxLength)),
  dueDate: day,
  paymentDate: day,
  status: z.enum(['issued', 'cancelled']),
  seller: id,
  region: id,
  paymentStatus: z.enum(['paid', 'unpaid', 'overdue']),
  ordering: z.enum(orderings),
  invoice: id,
});

export const invoiceQueryDefaults = { ordering: '-due_date' } as const;

/**
 * Create Invoice's issued invoices in the URL: search, payment status, ordering and the open
 * invoice. Newest first by default, so an invoice just created shows at the top.
 */
export const issuedInvoiceQuerySchema = z.pick(invoiceQuerySchema, {
  search: true,
  paymentStatus: true,
  ordering: true,
  invoice: true,
});

export const issuedInvoiceQueryDefaults = { ordering: '-issued_at' } as const;
