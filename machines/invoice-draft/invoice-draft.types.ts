import type { components } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';

/** As the API client hands it over: amounts in integer cents. */
export type Order = Read<components['schemas']['Order']>;
export type Invoice = Read<components['schemas']['Invoice']>;
export type InvoiceCreateRequest = components['schemas']['InvoiceCreateRequest'];

/** One message per request field the rules (or the server) refuse. */
export type DraftProblems = Partial<Record<keyof InvoiceCreateRequest, string>>;

export type InvoiceDraftContext = {
  /** The seller's completed orders not invoiced yet, as last read. */
  orders: Order[];
  /** The chosen client's id; null until one is chosen. */
  client: number | null;
  /** The chosen storefront's id; null: the client's first (by name). */
  storefront: number | null;
  /** The picked orders' ids; only those of the offered storefront are billed. */
  picked: number[];
  /** The due date as 'YYYY-MM-DD'; null while the field is cleared. */
  dueDate: string | null;
  /** What the rules or the server refuse, by request field, shown next to that field. */
  problems: DraftProblems;
  /** The message of a failure that carries none (behaviour §8). */
  fallback: string;
};

export type InvoiceDraftEvent =
  /** The orders to invoice were read (first, or again after a change elsewhere, behaviour §7). */
  | { type: 'orders.loaded'; orders: Order[] }
  /** The Client select; the pick and the storefront start over. */
  | { type: 'client.choose'; client: number | null }
  /** The Storefront select, for a client with several; the pick starts over. */
  | { type: 'storefront.choose'; storefront: number | null }
  /** The grid's selection, as a whole. */
  | { type: 'orders.pick'; ids: number[] }
  | { type: 'dueDate.change'; dueDate: string | null }
  /** The Create invoice button. */
  | { type: 'invoice.create' };

export type InvoiceDraftEmitted =
  /** Create invoice was pressed but the rules refuse the draft: the view moves focus (behaviour §5). */
  | { type: 'draft.refused'; problems: DraftProblems }
  | { type: 'invoice.created'; invoice: Invoice }
  /** The server refused or failed; `fieldErrors` are the problems now shown next to their fields. */
  | { type: 'invoice.failed'; message: string; fieldErrors: DraftProblems };

/** The machine's types, as `setup({ types })` takes them. */
export type InvoiceDraftTypes = {
  input: { dueDate: string | null; fallback: string };
  context: InvoiceDraftContext;
  events: InvoiceDraftEvent;
  emitted: InvoiceDraftEmitted;
  /** busy: the invoice is being created; Create invoice shows progress and is refused. */
  tags: 'busy';
};
