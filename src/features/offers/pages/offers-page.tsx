import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import { useLocation } from 'wouter';
import { dayParam, flagParam, idParam, searchParam } from '@/core/lists/list-query';
import { defineListView } from '@/core/lists/list-view';
import { ExportListButton, useListView } from '@/core/lists/use-list-view';
import { paths } from '@/core/paths';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { offerColumns } from '../components/offer-columns';
import { OfferFilters } from '../components/offer-filters';
import { OFFERS_LOAD_FALLBACK, offerExport, offerListLogic } from '../offers.implementations';
import '../offers.css';

/** Offers, either tab: the offer list filters of behaviour §3 in the address. */
const offers = defineListView({
  filters: {
    publisher: idParam(),
    region: idParam(),
    search: searchParam(),
    start_date: dayParam(),
    end_date: dayParam(),
    is_hot: flagParam(),
  },
  orderings: SCHEMA_ENUMS.OfferOrdering,
  defaultOrdering: '-start_date',
  read: offerListLogic,
  fallback: OFFERS_LOAD_FALLBACK,
  refreshOn: ['offers'],
  export: offerExport,
});

/** /offers with its tabs /offers/regular (the default) and /offers/promo. */
export function OffersPage() {
  const [location] = useLocation();
  const isPromo = location === paths.offersPromo;
  const list = useListView(offers, { type: isPromo ? 'promo' : 'regular' });

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
      <OfferFilters values={list.filters} onChange={list.setFilters} onReset={list.resetFilters} />
      <div className="list-actions">
        <ExportListButton exportList={offerExport} listed={list.listed} />
      </div>
      <DataGrid
        label={isPromo ? 'Promo offers' : 'Regular offers'}
        columns={offerColumns}
        emptyTitle="No offers match these filters"
        {...list.grid}
      />
    </Page>
  );
}
