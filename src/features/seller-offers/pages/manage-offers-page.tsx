import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { EmptyState, Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';

/** /seller/manage-offers (published) and /seller/manage-offers/unpublished. */
export function ManageOffersPage() {
  const [location] = useLocation();
  return (
    <Page title="Manage Offers">
      <SubNav
        label="Offer lists"
        currentPath={location}
        items={[
          { href: paths.manageOffers, label: 'Published' },
          { href: paths.manageOffersUnpublished, label: 'Unpublished' },
        ]}
      />
      <EmptyState title="Your offers appear here" />
    </Page>
  );
}
