import { useOptions } from '@/core/options';
import { Button } from '@/ui/button';
import { DateRangePicker } from '@/ui/date-range-picker';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { Select } from '@/ui/select';

/** The offer list filters that live in the URL (behaviour §3, offer list filters). */
export interface OfferFilterValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const NO_OPTIONS: readonly { id: number; name: string }[] = [];

const idOf = (key: number | string | null) => (typeof key === 'number' ? key : undefined);

/** Publisher, region, product search and validity range above the offers grid. */
export function OfferFilters({
  values,
  onChange,
}: {
  values: OfferFilterValues;
  onChange: (patch: OfferFilterValues) => void;
}) {
  const { options: choices, problem, retry } = useOptions();

  const range = values.start_date && values.end_date ? { start: values.start_date, end: values.end_date } : null;
  return (
    <FilterBar label="Offer filters">
      <DebouncedSearchField label="Search products" value={values.search} onSearch={(search) => onChange({ search })} />
      <Select
        label="Publisher"
        emptyLabel="All publishers"
        options={choices?.publishers ?? NO_OPTIONS}
        selectedKey={values.publisher ?? null}
        onSelectionChange={(key) => onChange({ publisher: idOf(key) })}
      />
      <Select
        label="Region"
        emptyLabel="All regions"
        options={choices?.regions ?? NO_OPTIONS}
        selectedKey={values.region ?? null}
        onSelectionChange={(key) => onChange({ region: idOf(key) })}
      />
      <DateRangePicker
        label="Valid between"
        value={range}
        onChange={(next) => onChange({ start_date: next?.start, end_date: next?.end })}
      />
      {problem && (
        <div role="alert" className="offer-filters__problem">
          <span>{problem}</span>
          <Button variant="quiet" onPress={retry}>
            Try again
          </Button>
        </div>
      )}
    </FilterBar>
  );
}
