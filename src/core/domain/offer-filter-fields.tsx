import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';

/** The offer list filters every offer grid has (behaviour §3, offer list filters). */
export interface OfferFilterFieldValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

type Choice = { id: number; name: string };

/**
 * Product search, publisher, region and a validity range (two months shown), for a FilterBar:
 * the client's Offers and the seller's Manage Offers. `choices` are the options from
 * `/api/v1/options/`, null while they load.
 */
export function OfferFilterFields({
  values,
  onChange,
  choices,
}: {
  values: OfferFilterFieldValues;
  onChange: (patch: OfferFilterFieldValues) => void;
  choices: { publishers: readonly Choice[]; regions: readonly Choice[] } | null;
}) {
  const range = values.start_date && values.end_date ? { start: values.start_date, end: values.end_date } : null;
  return (
    <>
      <DebouncedSearchField label="Search products" value={values.search} onSearch={(search) => onChange({ search })} />
      <IdFilterSelect
        label="Publisher"
        emptyLabel="All publishers"
        options={choices?.publishers}
        value={values.publisher}
        onChange={(publisher) => onChange({ publisher })}
      />
      <IdFilterSelect
        label="Region"
        emptyLabel="All regions"
        options={choices?.regions}
        value={values.region}
        onChange={(region) => onChange({ region })}
      />
      <LazyDateRangePicker
        label="Valid between"
        value={range}
        onChange={(next) => onChange({ start_date: next?.start, end_date: next?.end })}
      />
    </>
  );
}
