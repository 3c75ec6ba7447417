import { EmptyState, Page } from '@/ui/page';

/** /billing: invoices with the billing filters. */
export function BillingPage() {
  return (
    <Page title="Billing">
      <EmptyState title="Your invoices appear here" />
    </Page>
  );
}
