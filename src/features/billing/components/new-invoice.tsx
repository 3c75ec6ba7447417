import { formatCents } from '@openapi/rules/money';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Order } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announceChange } from '@/core/data-events';
import { useList } from '@/core/lists/use-list';
import { useFailureFeedback } from '@/core/use-failure-feedback';
import { formatDay } from '@/lib/dates';
import { pageSize as pageSizePreference, pageSizes } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { Button } from '@/ui/button';
import { DataGrid } from '@/ui/data-grid';
import { DatePicker } from '@/ui/date-picker';
import { LoadProblem } from '@/ui/load-problem';
import { notify } from '@/ui/notify';
import { EmptyState } from '@/ui/page';
import { Select } from '@/ui/select';
import {
  CREATE_INVOICE_FALLBACK,
  createInvoiceLogic,
  INVOICEABLE_LOAD_FALLBACK,
  invoiceableOrdersLogic,
} from '../create-invoice.implementations';
import {
  countOf,
  type DraftProblems,
  defaultDueDate,
  draftProblems,
  dueDateProblem,
  invoiceableClients,
  partyName,
  sortOrders,
  todayIso,
  totalCentsOf,
} from '../invoice-draft';
import { invoiceableOrderColumns } from './invoiceable-order-columns';

const ALL_ORDERS: Record<string, never> = {};
const NO_IDS: ReadonlySet<string> = new Set();
const getOrderId = (order: Order) => String(order.id);

/**
 * The new invoice (issue 9, Create Invoice): a client, one of its storefronts, the orders to bill
 * among that pair's completed orders not invoiced yet, and a due date; the total follows the
 * picked orders. The server sets the issue date (today) and the number. After it is created the
 * order lists and the invoice lists reload (behaviour §7), so the billed orders leave this list.
 */
export function NewInvoice() {
  const candidates = useList(useApiLogic(invoiceableOrdersLogic), ALL_ORDERS, {
    fallback: INVOICEABLE_LOAD_FALLBACK,
    refreshOn: ['orders', 'invoices'],
  });
  const clients = useMemo(() => invoiceableClients(candidates.rows ?? []), [candidates.rows]);
  const [chosen, setChosen] = useState<{ client: number | null; storefront: number | null }>({
    client: null,
    storefront: null,
  });
  // A choice whose orders were all invoiced meanwhile (here or in another tab) is no choice.
  const client = clients.find((entry) => entry.client.id === chosen.client) ?? null;
  const shelf =
    client?.storefronts.find((entry) => entry.storefront.id === chosen.storefront) ?? client?.storefronts[0] ?? null;

  const [selectedIds, setSelectedIds] = useState(NO_IDS);
  const picked = useMemo(
    () => (shelf ? shelf.orders.filter((order) => selectedIds.has(getOrderId(order))) : []),
    [shelf, selectedIds],
  );
  const totalCents = totalCentsOf(picked);
  const [dueDate, setDueDate] = useState<string | null>(() => defaultDueDate());
  const [problems, setProblems] = useState<DraftProblems>({});
  const todayDay = todayIso();

  const [ordering, setOrdering] = useState<string | null>('-created_at');
  const [page, setPage] = useState(1);
  const [size, setSize] = usePersisted(pageSizePreference);
  const rows = useMemo(
    () => (shelf ? sortOrders(shelf.orders, ordering).slice((page - 1) * size, page * size) : null),
    [shelf, ordering, page, size],
  );

  const choicesArea = useRef<HTMLDivElement>(null);
  const ordersArea = useRef<HTMLDivElement>(null);
  const dueArea = useRef<HTMLDivElement>(null);
  /** behaviour §5: on submit, focus moves to the first field with a message (no client yet: the client). */
  const focusFirstProblem = (found: DraftProblems) => {
    const target = found.order_ids
      ? (ordersArea.current?.querySelector<HTMLElement>('tbody input[type="checkbox"]') ??
        choicesArea.current?.querySelector<HTMLElement>('button'))
      : found.due_date
        ? dueArea.current?.querySelector<HTMLElement>('[role="spinbutton"]')
        : null;
    target?.focus();
  };

  const creating = useActorRef(useApiLogic(createInvoiceLogic), { input: { fallback: CREATE_INVOICE_FALLBACK } });
  const isCreating = useSelector(creating, (s) => s.hasTag('busy'));
  useFailureFeedback(
    creating,
    'submission.failed',
    {
      showServerErrors: (fieldErrors) => {
        const landed: DraftProblems = {};
        if (fieldErrors.order_ids) landed.order_ids = fieldErrors.order_ids;
        if (fieldErrors.due_date) landed.due_date = fieldErrors.due_date;
        setProblems(landed);
        focusFirstProblem(landed);
        // An order invoiced meanwhile (another tab) leaves the list, so it cannot be picked again.
        if (landed.order_ids) announceChange('orders');
        return Object.keys(landed).length > 0;
      },
    },
    { fallback: CREATE_INVOICE_FALLBACK },
  );
  useEffect(() => {
    const subscription = creating.on('submission.succeeded', ({ result }) => {
      notify({
        type: 'success',
        message: `Invoice ${result.number} created for ${result.client.name}: ${formatCents(result.total)}, due ${formatDay(result.due_date)}.`,
      });
      setSelectedIds(NO_IDS);
      announceChange('orders', 'invoices');
    });
    return () => subscription.unsubscribe();
  }, [creating]);

  const choose = (next: { client: number | null; storefront: number | null }) => {
    setChosen(next);
    setSelectedIds(NO_IDS);
    setPage(1);
    setProblems(({ due_date }) => (due_date ? { due_date } : {}));
  };

  const onCreate = () => {
    const found = draftProblems({ orderCount: picked.length, dueDate, today: todayIso() });
    setProblems(found);
    if (Object.keys(found).length > 0 || dueDate === null) {
      focusFirstProblem(found);
      return;
    }
    const send = {
      type: 'submission.submit' as const,
      input: { order_ids: picked.map((order) => order.id), due_date: dueDate },
    };
    if (creating.getSnapshot().can(send)) creating.send(send);
  };

  if (candidates.problem && candidates.rows === null) {
    return <LoadProblem message={candidates.problem} onRetry={candidates.retry} />;
  }
  if (candidates.rows === null) return <p role="status">Loading the orders to invoice…</p>;
  if (clients.length === 0) {
    return (
      <EmptyState title="No orders to invoice">
        Completed orders of your storefronts appear here until they are invoiced.
      </EmptyState>
    );
  }

  return (
    <div className="create-invoice__form">
      <div ref={choicesArea} className="create-invoice__choices">
        <Select
          label="Client"
          placeholder="Choose a client"
          options={clients.map((entry) => ({
            id: entry.client.id,
            name: `${partyName(entry.client)}, ${countOf(entry.count, 'order')}`,
          }))}
          selectedKey={client?.client.id ?? null}
          onSelectionChange={(key) => choose({ client: typeof key === 'number' ? key : null, storefront: null })}
          description="Clients with completed orders not invoiced yet."
        />
        {client && shelf && client.storefronts.length > 1 && (
          <Select
            label="Storefront"
            options={client.storefronts.map((entry) => ({
              id: entry.storefront.id,
              name: `${entry.storefront.name}, ${countOf(entry.orders.length, 'order')}`,
            }))}
            selectedKey={shelf.storefront.id}
            onSelectionChange={(key) =>
              choose({ client: client.client.id, storefront: typeof key === 'number' ? key : null })
            }
            description="An invoice bills the orders of one storefront."
          />
        )}
        {client && shelf && client.storefronts.length === 1 && (
          <dl className="create-invoice__fact">
            <dt>Storefront</dt>
            <dd>{shelf.storefront.name}</dd>
          </dl>
        )}
      </div>

      <div ref={ordersArea} className="create-invoice__orders">
        {problems.order_ids && (
          <p role="alert" className="create-invoice__problem">
            {problems.order_ids}
          </p>
        )}
        {shelf && rows ? (
          <DataGrid
            label="Orders to invoice"
            columns={invoiceableOrderColumns}
            rows={rows}
            getRowId={getOrderId}
            isLoading={candidates.isLoading}
            problem={candidates.problem}
            onRetry={candidates.retry}
            emptyTitle="No orders to invoice"
            ordering={ordering}
            onOrderingChange={(next) => {
              setOrdering(next);
              setPage(1);
            }}
            page={page}
            pageSize={size}
            total={shelf.orders.length}
            onPageChange={setPage}
            onPageSizeChange={(next) => {
              setSize(pageSizes.find((choice) => choice === next) ?? size);
              setPage(1);
            }}
            selection={{
              selectedIds,
              onSelectionChange: (ids) => {
                setSelectedIds(ids);
                if (ids.size > 0) setProblems(({ due_date }) => (due_date ? { due_date } : {}));
              },
            }}
          />
        ) : (
          <p className="create-invoice__hint">Choose a client to see their completed orders not invoiced yet.</p>
        )}
      </div>

      <div className="create-invoice__details">
        <dl className="create-invoice__fact">
          <dt>Issue date</dt>
          <dd>Today, {formatDay(todayDay)}</dd>
        </dl>
        <div ref={dueArea}>
          <DatePicker
            label="Due date"
            value={dueDate}
            onChange={(next) => {
              setDueDate(next);
              // A complete day is checked at once; a cleared field waits for the submit.
              const message = next === null ? undefined : dueDateProblem(next, todayIso());
              setProblems(({ order_ids }) => ({
                ...(order_ids ? { order_ids } : {}),
                ...(message ? { due_date: message } : {}),
              }));
            }}
            minValue={todayDay}
            description="Today or later."
            errorMessage={problems.due_date}
            isRequired
          />
        </div>
        <p className="create-invoice__total" role="status">
          Total for {countOf(picked.length, 'order')}: <strong>{formatCents(totalCents)}</strong>
        </p>
      </div>
      <div className="create-invoice__actions">
        <Button variant="primary" isPending={isCreating} onPress={onCreate}>
          Create invoice
        </Button>
      </div>
    </div>
  );
}
