import { EmptyState, Page } from '@/ui/page';

/** /offers/order: My Cart. */
export function CartPage() {
  return (
    <Page title="My Cart">
      <EmptyState title="Your basket is empty" />
    </Page>
  );
}
