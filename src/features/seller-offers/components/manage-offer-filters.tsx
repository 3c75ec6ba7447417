import { useOptions } from '@/core/options';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';
import { LoadProblem } from '@/ui/load-problem';

/** The Manage Offers filters that live in the URL (behaviour §3: the offer filters plus publishedDate). */
export interface ManageOfferFilterValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  publishedDate?: string | undefined;
}

/** Search, publisher, region, validity range and, on the Published tab, the day of publishing. */
export function ManageOfferFilters({
  values,
  isPublished,
  onChange,
  onReset,
}: {
  values: ManageOfferFilterValues;
  isPublished: boolean;
  onChange: (patch: ManageOfferFilterValues) => void;
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
      {isPublished && (
        <LazyDatePicker
          label="Published on"
          value={values.publishedDate ?? null}
          onChange={(publishedDate) => onChange({ publishedDate: publishedDate ?? undefined })}
        />
      )}
      {problem && <LoadProblem message={problem} onRetry={retry} />}
    </FilterBar>
  );
}
