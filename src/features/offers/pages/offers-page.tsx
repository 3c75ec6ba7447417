import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod/mini';
import type { Offer, OfferListQuery } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { paths } from '@/core/paths';
import { useList } from '@/core/use-list';
import { useListGrid } from '@/core/use-list-grid';
import { idParam } from '@/lib/list-query';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { offerColumns } from '../components/offer-columns';
import { OfferFilters, type OfferFilterValues } from '../components/offer-filters';
import { OFFERS_LOAD_FALLBACK, offerListLogic } from '../offers.implementations';
import '../offers.css';

/** The orderings the grid's sortable columns give (column id, descending with a minus). */
const orderings = [
  'product',
  '-product',
  'start_date',
  '-start_date',
  'end_date',
  '-end_date',
  'unit_price',
  '-unit_price',
] as const;

const offerQuery = z.object({
  publisher: idParam(),
  region: idParam(),
  search: z.string().check(z.maxLength(PARAMETER_LIMITS.Search.maxLength)),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  ordering: z.enum(orderings),
});
/** behaviour §9: offers are ordered by -start_date unless the user sorts. */
const defaults = { ordering: '-start_date' } as const;
const NO_FILTERS: OfferFilterValues = {
  publisher: undefined,
  region: undefined,
  search: undefined,
  start_date: undefined,
  end_date: undefined,
};

const rowIdOf = (offer: Offer) => String(offer.id);

/** /offers with its tabs /offers/regular (the default) and /offers/promo. */
export function OffersPage() {
  const [location] = useLocation();
  const isPromo = location === paths.offersPromo;
  const { query, setQuery, grid, range } = useListGrid(offerQuery, defaults);
  const { ordering, publisher, region, search, start_date, end_date } = query;

  const params = useMemo(
    (): OfferListQuery => ({
      type: isPromo ? 'promo' : 'regular',
      ordering,
      ...range,
      ...(publisher !== undefined && { publisher }),
      ...(region !== undefined && { region }),
      ...(search && { search }),
      ...(start_date && { start_date }),
      ...(end_date && { end_date }),
    }),
    [isPromo, ordering, range, publisher, region, search, start_date, end_date],
  );
  const offers = useList(useApiLogic(offerListLogic), params, {
    fallback: OFFERS_LOAD_FALLBACK,
    refreshOn: ['offers'],
  });

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
      <OfferFilters
        values={{ publisher, region, search, start_date, end_date }}
        onChange={setQuery}
        onReset={() => setQuery(NO_FILTERS)}
      />
      <DataGrid
        label={isPromo ? 'Promo offers' : 'Regular offers'}
        columns={offerColumns}
        rows={offers.rows}
        getRowId={rowIdOf}
        isLoading={offers.isLoading}
        problem={offers.problem}
        onRetry={offers.retry}
        emptyTitle="No offers match these filters"
        onResetFilters={() => setQuery(NO_FILTERS)}
        {...grid}
        total={offers.total}
      />
    </Page>
  );
}
