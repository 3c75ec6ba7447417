import { totalCentsOf } from '@machines/invoice-draft/invoice-draft.logic';
import {
  selectCanCreate,
  selectDueDate,
  selectIsCreating,
  selectProblems,
} from '@machines/invoice-draft/invoice-draft.selectors';
import { formatCents } from '@openapi/rules/money';
import { useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import type { Order } from '@/api/models';
import { formatDay } from '@/lib/dates';
import { pageSize as pageSizePreference, pageSizes } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { Button } from '@/ui/button';
import { DataGrid } from '@/ui/data-grid';
import { DatePicker } from '@/ui/date-picker';
import type { FocusHandle } from '@/ui/focus-handle';
import { LoadProblem } from '@/ui/load-problem';
import { EmptyState } from '@/ui/page';
import { countOf, sortOrders, todayIso } from '../invoice-draft';
import { useInvoiceDraft } from '../use-invoice-draft';
import { InvoiceParties } from './invoice-parties';
import { invoiceableOrderColumns } from './invoiceable-order-columns';

const getOrderId = (order: Order) => String(order.id);

/**
 * The new invoice (behaviour §2, Create Invoice): a client, one of its storefronts, the orders to
 * bill among that pair's completed orders not invoiced yet, and a due date; the total follows the
 * picked orders. The server sets the issue date (today) and the number. After it is created the
 * order lists and the invoice lists reload (behaviour §7), so the billed orders leave this list.
 * The draft is the machine's (machines/invoice-draft); this view renders it and sends its events.
 */
export function NewInvoice() {
  const clientField = useRef<FocusHandle>(null);
  const ordersGrid = useRef<FocusHandle>(null);
  const shownOrders = useRef(0);
  const dueField = useRef<FocusHandle>(null);
  const { candidates, draft, isLoaded, clients, client, shelf, billed } = useInvoiceDraft({
    // The first order's checkbox, or the client while there is no order to pick.
    orders: () => (ordersGrid.current && shownOrders.current > 0 ? ordersGrid.current : clientField.current),
    dueDate: () => dueField.current,
  });
  const dueDate = useSelector(draft, selectDueDate);
  const problems = useSelector(draft, selectProblems);
  const isCreating = useSelector(draft, selectIsCreating);
  const canCreate = useSelector(draft, selectCanCreate);
  const selectedIds = useMemo(() => new Set(billed.map(getOrderId)), [billed]);
  const todayDay = todayIso();

  const [ordering, setOrdering] = useState<string | null>('-created_at');
  const [page, setPage] = useState(1);
  const [size, setSize] = usePersisted(pageSizePreference);
  const rows = useMemo(
    () => (shelf ? sortOrders(shelf.orders, ordering).slice((page - 1) * size, page * size) : null),
    [shelf, ordering, page, size],
  );
  shownOrders.current = rows?.length ?? 0;

  if (candidates.problem && candidates.rows === null) {
    return <LoadProblem message={candidates.problem} onRetry={candidates.retry} />;
  }
  if (!isLoaded) return <p role="status">Loading the orders to invoice…</p>;
  if (clients.length === 0) {
    return (
      <EmptyState title="No orders to invoice">
        Completed orders of your storefronts appear here until they are invoiced.
      </EmptyState>
    );
  }

  return (
    <div className="create-invoice__form">
      <div className="create-invoice__choices">
        <InvoiceParties
          clientRef={clientField}
          clients={clients}
          client={client}
          shelf={shelf}
          onClientChange={(next) => {
            draft.send({ type: 'client.choose', client: next });
            setPage(1);
          }}
          onStorefrontChange={(next) => {
            draft.send({ type: 'storefront.choose', storefront: next });
            setPage(1);
          }}
        />
      </div>

      <div className="create-invoice__orders">
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
            focusRef={ordersGrid}
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
              onSelectionChange: (ids) => draft.send({ type: 'orders.pick', ids: [...ids].map(Number) }),
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
        <DatePicker
          label="Due date"
          value={dueDate}
          onChange={(next) => draft.send({ type: 'dueDate.change', dueDate: next })}
          minValue={todayDay}
          description="Today or later."
          errorMessage={problems.due_date}
          isRequired
          inputRef={dueField}
        />
        <p className="create-invoice__total" role="status">
          Total for {countOf(billed.length, 'order')}: <strong>{formatCents(totalCentsOf(billed))}</strong>
        </p>
      </div>
      <div className="create-invoice__actions">
        <Button
          variant="primary"
          isPending={isCreating}
          // While creating, isPending refuses presses and keeps focus here; disabling would drop it.
          isDisabled={!canCreate && !isCreating}
          onPress={() => draft.send({ type: 'invoice.create' })}
        >
          Create invoice
        </Button>
      </div>
    </div>
  );
}
