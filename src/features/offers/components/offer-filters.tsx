import { useOptions } from '@/core/options';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';
import { LoadProblem } from '@/ui/load-problem';

/** The offer list filters that live in the URL (behaviour §3, offer list filters). */
export interface OfferFilterValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** Publisher, region, product search and validity range above the offers grid. */
export function OfferFilters({
  values,
  onChange,
  onReset,
}: {
  values: OfferFilterValues;
  onChange: (patch: OfferFilterValues) => void;
  onReset: () => void;
}) {
  const { options: choices, problem, retry } = useOptions();

  const range = values.start_date && values.end_date ? { start: values.start_date, end: values.end_date } : null;
  return (
    <FilterBar label="Offer filters" onReset={onReset}>
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
      {problem && <LoadProblem message={problem} onRetry={retry} />}
    </FilterBar>
  );
}
