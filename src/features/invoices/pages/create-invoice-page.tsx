import { EmptyState, Page } from '@/ui/page';

/** /seller/create-invoice: invoice completed orders. */
export function CreateInvoicePage() {
  return (
    <Page title="Create Invoice">
      <EmptyState title="Completed orders ready to invoice appear here" />
    </Page>
  );
}
