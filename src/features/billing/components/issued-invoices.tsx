import type { Invoice } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useItemLinks } from '@/core/item-links';
import { useList } from '@/core/use-list';
import { useListGrid } from '@/core/use-list-grid';
import { DataGrid } from '@/ui/data-grid';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { Select } from '@/ui/select';
import { INVOICES_LOAD_FALLBACK, invoiceListLogic } from '../billing.implementations';
import { paymentStatusLabels } from '../invoice-labels';
import { issuedInvoiceQueryDefaults, issuedInvoiceQuerySchema } from '../invoice-query';
import { InvoiceDialog } from './invoice-dialog';
import { choiceOf, paymentStatusChoices } from './invoice-filters';
import { issuedInvoiceColumns } from './issued-invoice-columns';

const NO_FILTERS = { search: undefined, paymentStatus: undefined };
const getRowId = (invoice: Invoice) => String(invoice.id);

/**
 * The seller's invoices on Create Invoice (sellers have no Billing page, behaviour §2): search,
 * a payment status filter, newest first, everything in the URL; "Mark paid" on the unpaid ones,
 * and an invoice opens in Billing's dialog from its number (`?invoice=ID`).
 */
export function IssuedInvoices() {
  const { query, setQuery, grid, range } = useListGrid(issuedInvoiceQuerySchema, issuedInvoiceQueryDefaults);
  const { page, pageSize, ordering, invoice, ...filters } = query;
  const invoices = useList(
    useApiLogic(invoiceListLogic),
    { ...filters, ordering, ...range },
    { fallback: INVOICES_LOAD_FALLBACK, refreshOn: ['invoices'] },
  );
  const meta = useItemLinks('invoice');
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  return (
    <>
      <FilterBar label="Issued invoice filters" onReset={() => setQuery(NO_FILTERS)}>
        <DebouncedSearchField
          label="Search issued invoices"
          value={filters.search}
          onSearch={(search) => setQuery({ search })}
        />
        <Select
          label="Payment status"
          emptyLabel="All payment statuses"
          options={paymentStatusChoices}
          selectedKey={filters.paymentStatus ?? null}
          onSelectionChange={(key) => setQuery({ paymentStatus: choiceOf(paymentStatusLabels, key) })}
        />
      </FilterBar>
      <DataGrid
        label="Issued invoices"
        columns={issuedInvoiceColumns}
        rows={invoices.rows}
        getRowId={getRowId}
        isLoading={invoices.isLoading}
        problem={invoices.problem}
        onRetry={invoices.retry}
        emptyTitle={isFiltered ? 'No invoices match these filters' : 'No invoices issued yet'}
        {...(isFiltered ? { onResetFilters: () => setQuery(NO_FILTERS) } : {})}
        {...grid}
        total={invoices.total}
        onRowAction={(id) => setQuery({ invoice: Number(id) }, { resetPage: false })}
        meta={meta}
      />
      {invoice !== undefined && (
        <InvoiceDialog
          key={invoice}
          invoiceId={invoice}
          onClose={() => setQuery({ invoice: undefined }, { resetPage: false })}
        />
      )}
    </>
  );
}
