import type { SnapshotFrom } from 'xstate';
import type { invoiceDraftMachine } from './invoice-draft.machine';

type InvoiceDraftSnapshot = SnapshotFrom<typeof invoiceDraftMachine>;

/** The orders to invoice have been read at least once: the draft can be shown. */
export const selectIsLoaded = (s: InvoiceDraftSnapshot) => !s.matches('loading');

/** The invoice is being created: Create invoice shows progress. */
export const selectIsCreating = (s: InvoiceDraftSnapshot) => s.hasTag('busy');

/** Whether Create invoice is accepted now (not while an invoice is being created). */
export const selectCanCreate = (s: InvoiceDraftSnapshot) => s.can({ type: 'invoice.create' });

export const selectOrders = (s: InvoiceDraftSnapshot) => s.context.orders;
export const selectClient = (s: InvoiceDraftSnapshot) => s.context.client;
export const selectStorefront = (s: InvoiceDraftSnapshot) => s.context.storefront;
export const selectPicked = (s: InvoiceDraftSnapshot) => s.context.picked;
export const selectDueDate = (s: InvoiceDraftSnapshot) => s.context.dueDate;
export const selectProblems = (s: InvoiceDraftSnapshot) => s.context.problems;
