import { useOptions } from '@/core/options';
import { fromLocalIso, toLocalIso } from '@/lib/dates';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';
import { LazyDateTimePicker } from '@/ui/lazy-date-time-picker';
import { LoadProblem } from '@/ui/load-problem';

/** The Manage Offers filters that live in the URL (behaviour §3: the offer filters plus publishedDate). */
export interface ManageOfferFilterValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  publishedDate?: string | undefined;
  /** An ISO date-time with a zone: offers valid at that moment. */
  valid_at?: string | undefined;
}

/**
 * Search, publisher, region, a validity range, a moment the offers are valid at and, on the
 * Published tab, the day of publishing (SPEC §2: a single date, a two-month range and a date-time
 * picker).
 */
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
      <LazyDateTimePicker
        label="Valid at"
        value={values.valid_at ? toLocalIso(values.valid_at) : null}
        onChange={(local) => onChange({ valid_at: (local && fromLocalIso(local)) || undefined })}
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
