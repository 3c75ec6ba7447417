import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { EmptyState, Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';

/** /offers with its tabs /offers/regular (the default) and /offers/promo. */
export function OffersPage() {
  const [location] = useLocation();
  const isPromo = location === paths.offersPromo;
  return (
    <Page title="Offers">
      <SubNav
        label="Offer types"
        currentPath={location}
        items={[
          { href: paths.offersRegular, label: 'Regular', isCurrent: location === paths.offers },
          { href: paths.offersPromo, label: 'Promo' },
        ]}
      />
      <EmptyState title={isPromo ? 'Promo offers' : 'Regular offers'}>The offer list appears here.</EmptyState>
    </Page>
  );
}
