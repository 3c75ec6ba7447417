import { ExportListButton, useListView } from '@/core/lists/use-list-view';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { invoiceExport } from '../billing.implementations';
import { invoiceColumns } from '../components/invoice-columns';
import { InvoiceDialog } from '../components/invoice-dialog';
import { InvoiceFilters } from '../components/invoice-filters';
import { billingView } from '../invoice-query';
import '../billing.css';

/**
 * /billing: the client's invoices with the billing filters (behaviour §3), everything in the URL;
 * an invoice opens in a dialog from its number (`?invoice=ID`), and Export CSV writes the whole
 * filtered set.
 */
export function BillingPage() {
  const list = useListView(billingView);
  return (
    <Page title="Billing">
      <InvoiceFilters values={list.filters} onChange={list.setFilters} onReset={list.resetFilters} />
      <div className="list-actions">
        <ExportListButton exportList={invoiceExport} listed={list.listed} />
      </div>
      <DataGrid
        label="Invoices"
        columns={invoiceColumns}
        emptyTitle={list.isFiltered ? 'No invoices match these filters' : 'No invoices yet'}
        {...list.grid}
      />
      {list.item !== undefined && <InvoiceDialog key={list.item} invoiceId={list.item} onClose={list.closeItem} />}
    </Page>
  );
}
