import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { OrderListQuery } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useDebouncedValue } from '@/lib/debounce';
import { Button } from '@/ui/button';
import { DateRangePicker } from '@/ui/date-range-picker';
import { FilterBar } from '@/ui/filter-bar';
import { SearchField } from '@/ui/search-field';
import { Select } from '@/ui/select';
import { OPTIONS_LOAD_FALLBACK, optionsLoadLogic } from '../orders.implementations';

/** The order filters that live in the URL (behaviour §3, order list filters), named as the API names them. */
export type OrderFilterValues = {
  [K in 'search' | 'startDate' | 'endDate' | 'seller' | 'region' | 'counterOffer']: OrderListQuery[K] | undefined;
};

/** A pause in typing this long sends the search (no request per keystroke). */
const SEARCH_DELAY_MS = 300;
const NO_OPTIONS: readonly { id: number; name: string }[] = [];
const counterOfferChoices = [
  { id: 'all', name: 'All orders' },
  { id: 'only', name: 'Counter-offers only' },
];

const idOf = (key: number | string | null) => (typeof key === 'number' ? key : undefined);

/** Search, the days placed, seller, region and counter-offers above the orders. */
export function OrderFilters({
  values,
  onChange,
  onReset,
}: {
  values: OrderFilterValues;
  onChange: (patch: Partial<OrderFilterValues>) => void;
  onReset: () => void;
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

  const { startDate, endDate } = values;
  return (
    <FilterBar label="Order filters" onReset={onReset}>
      <SearchField label="Search orders" value={text} onChange={setText} />
      <DateRangePicker
        label="Placed between"
        value={startDate && endDate ? { start: startDate, end: endDate } : null}
        onChange={(range) => onChange({ startDate: range?.start, endDate: range?.end })}
      />
      <Select
        label="Seller"
        emptyLabel="All sellers"
        options={choices?.sellers ?? NO_OPTIONS}
        selectedKey={values.seller ?? null}
        onSelectionChange={(key) => onChange({ seller: idOf(key) })}
      />
      <Select
        label="Region"
        emptyLabel="All regions"
        options={choices?.regions ?? NO_OPTIONS}
        selectedKey={values.region ?? null}
        onSelectionChange={(key) => onChange({ region: idOf(key) })}
      />
      <Select
        label="Counter-offers"
        options={counterOfferChoices}
        selectedKey={values.counterOffer ?? 'all'}
        onSelectionChange={(key) => onChange({ counterOffer: key === 'only' ? 'only' : undefined })}
      />
      {problem && (
        <div role="alert" className="order-problem">
          <span>{problem}</span>
          <Button variant="quiet" onPress={() => options.send({ type: 'load.retry' })}>
            Try again
          </Button>
        </div>
      )}
    </FilterBar>
  );
}
