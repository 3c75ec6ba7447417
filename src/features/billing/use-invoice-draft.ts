/**
 * The new invoice's machine (machines/invoice-draft) fed with the orders to invoice, and its facts
 * turned into what the user sees and hears: focus on the first problem (behaviour §5), the
 * snackbar, and the order and invoice lists reloading after a change (behaviour §7).
 */
import { choiceOf, invoiceableClients, pickedOrdersOf } from '@machines/invoice-draft/invoice-draft.logic';
import {
  selectClient,
  selectIsLoaded,
  selectOrders,
  selectPicked,
  selectStorefront,
} from '@machines/invoice-draft/invoice-draft.selectors';
import type { DraftProblems } from '@machines/invoice-draft/invoice-draft.types';
import { formatCents } from '@openapi/rules/money';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useApiLogic } from '@/core/api';
import { useFailureFeedback } from '@/core/forms/use-failure-feedback';
import { useList } from '@/core/lists/use-list';
import { formatDay } from '@/lib/dates';
import type { FocusHandle } from '@/ui/focus-handle';
import { notify } from '@/ui/notify';
import {
  CREATE_INVOICE_FALLBACK,
  INVOICEABLE_LOAD_FALLBACK,
  invoiceableOrdersLogic,
  invoiceDraftLogic,
} from './create-invoice.implementations';
import { defaultDueDate } from './invoice-draft';

const ALL_ORDERS: Record<string, never> = {};

/** Where focus goes for each problem; the view fills them in. */
export interface ProblemTargets {
  /** The orders' first checkbox, else the client select (no client chosen yet). */
  orders: () => FocusHandle | null | undefined;
  dueDate: () => FocusHandle | null | undefined;
}

/** behaviour §5: focus moves to the first field with a message (no client yet: the client). */
function focusFirstProblem(targets: ProblemTargets, found: DraftProblems) {
  const target = found.order_ids ? targets.orders() : found.due_date ? targets.dueDate() : null;
  target?.focus();
}

export function useInvoiceDraft(targets: ProblemTargets) {
  const candidates = useList(useApiLogic(invoiceableOrdersLogic), ALL_ORDERS, {
    fallback: INVOICEABLE_LOAD_FALLBACK,
    refreshOn: ['orders', 'invoices'],
  });
  const draft = useActorRef(useApiLogic(invoiceDraftLogic), {
    input: { dueDate: defaultDueDate(), fallback: CREATE_INVOICE_FALLBACK },
  });
  useEffect(() => {
    if (candidates.rows) draft.send({ type: 'orders.loaded', orders: [...candidates.rows] });
  }, [draft, candidates.rows]);

  const latest = useRef(targets);
  latest.current = targets;
  useFailureFeedback(
    draft,
    'invoice.failed',
    {
      showServerErrors: (fieldErrors) => {
        focusFirstProblem(latest.current, fieldErrors);
        return Object.keys(fieldErrors).length > 0;
      },
    },
    { fallback: CREATE_INVOICE_FALLBACK },
  );
  useEffect(() => {
    const refused = draft.on('draft.refused', ({ problems }) => focusFirstProblem(latest.current, problems));
    const created = draft.on('invoice.created', ({ invoice }) => {
      notify({
        type: 'success',
        message: `Invoice ${invoice.number} created for ${invoice.client.name}: ${formatCents(invoice.total)}, due ${formatDay(invoice.due_date)}.`,
      });
    });
    return () => {
      refused.unsubscribe();
      created.unsubscribe();
    };
  }, [draft]);

  const orders = useSelector(draft, selectOrders);
  const chosenClient = useSelector(draft, selectClient);
  const chosenStorefront = useSelector(draft, selectStorefront);
  const picked = useSelector(draft, selectPicked);
  const clients = useMemo(() => invoiceableClients(orders), [orders]);
  const { client, shelf } = choiceOf(clients, { client: chosenClient, storefront: chosenStorefront });
  const billed = useMemo(() => pickedOrdersOf(shelf, picked), [shelf, picked]);
  const isLoaded = useSelector(draft, selectIsLoaded);
  return { candidates, draft, isLoaded, clients, client, shelf, billed };
}
