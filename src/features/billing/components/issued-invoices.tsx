import { useListView } from '@/core/lists/use-list-view';
import { DataGrid } from '@/ui/data-grid';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { Select } from '@/ui/select';
import { paymentStatusLabels } from '../invoice-labels';
import { issuedInvoicesView } from '../invoice-query';
import { InvoiceDialog } from './invoice-dialog';
import { choiceOf, paymentStatusChoices } from './invoice-filters';
import { issuedInvoiceColumns } from './issued-invoice-columns';

/**
 * The seller's invoices on Create Invoice (sellers have no Billing page, behaviour §2): search,
 * a payment status filter, newest first, everything in the URL; "Mark paid" on the unpaid ones,
 * and an invoice opens in Billing's dialog from its number (`?invoice=ID`).
 */
export function IssuedInvoices() {
  const list = useListView(issuedInvoicesView);
  const { filters, setFilters } = list;
  return (
    <>
      <FilterBar label="Issued invoice filters" onReset={list.resetFilters}>
        <DebouncedSearchField
          label="Search issued invoices"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <Select
          label="Payment status"
          emptyLabel="All payment statuses"
          options={paymentStatusChoices}
          selectedKey={filters.paymentStatus ?? null}
          onSelectionChange={(key) => setFilters({ paymentStatus: choiceOf(paymentStatusLabels, key) })}
        />
      </FilterBar>
      <DataGrid
        label="Issued invoices"
        columns={issuedInvoiceColumns}
        emptyTitle={list.isFiltered ? 'No invoices match these filters' : 'No invoices issued yet'}
        {...list.grid}
      />
      {list.item !== undefined && <InvoiceDialog key={list.item} invoiceId={list.item} onClose={list.closeItem} />}
    </>
  );
}
