import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useApiLogic } from '@/core/api';
import { useDebouncedValue } from '@/lib/debounce';
import { Button } from '@/ui/button';
import { DateRangePicker } from '@/ui/date-range-picker';
import { FilterBar } from '@/ui/filter-bar';
import { SearchField } from '@/ui/search-field';
import { Select } from '@/ui/select';
import { OPTIONS_LOAD_FALLBACK, optionsLoadLogic } from '../offers.implementations';

/** The offer list filters that live in the URL (behaviour §3, offer list filters). */
export interface OfferFilterValues {
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** A pause in typing this long sends the search (no request per keystroke). */
const SEARCH_DELAY_MS = 300;
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
  const options = useActorRef(useApiLogic(optionsLoadLogic), {
    input: { params: undefined, fallback: OPTIONS_LOAD_FALLBACK },
  });
  const choices = useSelector(options, (s) => s.context.result);
  const problem = useSelector(options, (s) => (s.matches('failed') ? s.context.problem : null));

  const searched = values.search ?? '';
  const [text, setText] = useState(searched);
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  // The URL changed under the box (Back, Reset filters): show what it says.
  useEffect(() => setText(searched), [searched]);
  // Only a settled change of the text is sent, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes, not when the URL does
  useEffect(() => {
    if (settled.trim() !== searched) onChange({ search: settled.trim() || undefined });
  }, [settled]);

  const range = values.start_date && values.end_date ? { start: values.start_date, end: values.end_date } : null;
  return (
    <FilterBar label="Offer filters">
      <SearchField label="Search products" value={text} onChange={setText} />
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
          <Button variant="quiet" onPress={() => options.send({ type: 'load.retry' })}>
            Try again
          </Button>
        </div>
      )}
    </FilterBar>
  );
}
