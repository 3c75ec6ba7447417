import type { Invoice } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useCsvExport } from '@/core/export-csv';
import { useItemLinks } from '@/core/item-links';
import { useList } from '@/core/use-list';
import { useListGrid } from '@/core/use-list-grid';
import { Button } from '@/ui/button';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { INVOICES_LOAD_FALLBACK, invoiceExport, invoiceListLogic } from '../billing.implementations';
import { invoiceColumns } from '../components/invoice-columns';
import { InvoiceDialog } from '../components/invoice-dialog';
import { InvoiceFilters, type InvoiceFilterValues } from '../components/invoice-filters';
import { invoiceQueryDefaults, invoiceQuerySchema } from '../invoice-query';
import '../billing.css';

const NO_FILTERS: { [K in keyof Required<InvoiceFilterValues>]: undefined } = {
  search: undefined,
  dueDate: undefined,
  paymentDate: undefined,
  status: undefined,
  seller: undefined,
  region: undefined,
  paymentStatus: undefined,
};

const getRowId = (invoice: Invoice) => String(invoice.id);

/**
 * /billing: the client's invoices with the billing filters (behaviour §3), everything in the URL;
 * an invoice opens in a dialog from its number (`?invoice=ID`), and Export CSV writes the whole
 * filtered set.
 */
export function BillingPage() {
  const { query, setQuery, grid, range } = useListGrid(invoiceQuerySchema, invoiceQueryDefaults);
  const { page, pageSize, ordering, invoice, ...filters } = query;
  const listed = { ...filters, ordering };
  const invoices = useList(
    useApiLogic(invoiceListLogic),
    { ...listed, ...range },
    { fallback: INVOICES_LOAD_FALLBACK, refreshOn: ['invoices'] },
  );
  const exporting = useCsvExport(invoiceExport);
  const meta = useItemLinks('invoice');
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Page title="Billing">
      <InvoiceFilters values={filters} onChange={setQuery} onReset={() => setQuery(NO_FILTERS)} />
      <div className="billing__actions">
        <Button onPress={() => exporting.start(listed)} isPending={exporting.isPending}>
          Export CSV
        </Button>
      </div>
      <DataGrid
        label="Invoices"
        columns={invoiceColumns}
        rows={invoices.rows}
        getRowId={getRowId}
        isLoading={invoices.isLoading}
        problem={invoices.problem}
        onRetry={invoices.retry}
        emptyTitle={isFiltered ? 'No invoices match these filters' : 'No invoices yet'}
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
    </Page>
  );
}
