import { useMemo } from 'react';
import type { OrderListQuery } from '@/api/models';
import { useOptions } from '@/core/domain/options';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';
import { LoadProblem } from '@/ui/load-problem';
import { Select } from '@/ui/select';

/** The order filters that live in the URL (behaviour §3, order list filters), named as the API names them. */
export type OrderFilterValues = {
  [K in 'search' | 'startDate' | 'endDate' | 'seller' | 'region' | 'counterOffer']?: OrderListQuery[K] | undefined;
};

/** Which storefronts the seller filter offers: all of them (a client), or the caller's own (a seller). */
export type StorefrontChoices = 'all' | 'own';

const counterOfferChoices = [
  { id: 'all', name: 'All orders' },
  { id: 'only', name: 'Counter-offers only' },
];

/** Search, the days placed, seller, region and counter-offers above the orders. */
export function OrderFilters({
  values,
  storefronts,
  onChange,
  onReset,
}: {
  values: OrderFilterValues;
  storefronts: StorefrontChoices;
  onChange: (patch: Partial<OrderFilterValues>) => void;
  onReset: () => void;
}) {
  const { options: choices, problem, retry } = useOptions();
  // The options mark the caller's own storefronts; a seller's orders come only from those.
  const sellers = useMemo(
    () => (storefronts === 'own' ? choices?.sellers.filter((seller) => seller.is_own) : choices?.sellers),
    [choices, storefronts],
  );

  const { startDate, endDate } = values;
  return (
    <FilterBar label="Order filters" onReset={onReset}>
      <DebouncedSearchField label="Search orders" value={values.search} onSearch={(search) => onChange({ search })} />
      <LazyDateRangePicker
        label="Placed between"
        value={startDate && endDate ? { start: startDate, end: endDate } : null}
        onChange={(range) => onChange({ startDate: range?.start, endDate: range?.end })}
      />
      <IdFilterSelect
        label={storefronts === 'own' ? 'Storefront' : 'Seller'}
        emptyLabel={storefronts === 'own' ? 'All storefronts' : 'All sellers'}
        options={sellers}
        value={values.seller}
        onChange={(seller) => onChange({ seller })}
      />
      <IdFilterSelect
        label="Region"
        emptyLabel="All regions"
        options={choices?.regions}
        value={values.region}
        onChange={(region) => onChange({ region })}
      />
      <Select
        label="Counter-offers"
        options={counterOfferChoices}
        selectedKey={values.counterOffer ?? 'all'}
        onSelectionChange={(key) => onChange({ counterOffer: key === 'only' ? 'only' : undefined })}
      />
      {problem && <LoadProblem message={problem} onRetry={retry} />}
    </FilterBar>
  );
}
