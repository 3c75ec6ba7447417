import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Invoice } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useDebouncedValue } from '@/lib/debounce';
import { Button } from '@/ui/button';
import { DatePicker } from '@/ui/date-picker';
import { FilterBar } from '@/ui/filter-bar';
import { SearchField } from '@/ui/search-field';
import { Select } from '@/ui/select';
import { OPTIONS_LOAD_FALLBACK, optionsLoadLogic } from '../billing.implementations';
import { invoiceStatusLabels, paymentStatusLabels } from '../invoice-labels';

/** The billing filters that live in the URL (behaviour §3, billing filters), named as the API names them. */
export interface InvoiceFilterValues {
  search?: string | undefined;
  dueDate?: string | undefined;
  paymentDate?: string | undefined;
  status?: Invoice['status'] | undefined;
  seller?: number | undefined;
  region?: number | undefined;
  paymentStatus?: Invoice['payment_status'] | undefined;
}

/** A pause in typing this long sends the search (no request per keystroke). */
const SEARCH_DELAY_MS = 300;
const NO_OPTIONS: readonly { id: number; name: string }[] = [];
const statusChoices = Object.entries(invoiceStatusLabels).map(([id, name]) => ({ id, name }));
const paymentStatusChoices = Object.entries(paymentStatusLabels).map(([id, name]) => ({ id, name }));

const idOf = (key: number | string | null) => (typeof key === 'number' ? key : undefined);
const choiceOf = <T extends string>(labels: Record<T, string>, key: number | string | null): T | undefined =>
  typeof key === 'string' && key in labels ? (key as T) : undefined;

/** Search, due and payment days, status, seller, region and payment status above the invoices. */
export function InvoiceFilters({
  values,
  onChange,
  onReset,
}: {
  values: InvoiceFilterValues;
  onChange: (patch: InvoiceFilterValues) => void;
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

  return (
    <FilterBar label="Invoice filters" onReset={onReset}>
      <SearchField label="Search invoices" value={text} onChange={setText} />
      <DatePicker
        label="Due date"
        value={values.dueDate ?? null}
        onChange={(day) => onChange({ dueDate: day ?? undefined })}
      />
      <DatePicker
        label="Payment date"
        value={values.paymentDate ?? null}
        onChange={(day) => onChange({ paymentDate: day ?? undefined })}
      />
      <Select
        label="Status"
        emptyLabel="All statuses"
        options={statusChoices}
        selectedKey={values.status ?? null}
        onSelectionChange={(key) => onChange({ status: choiceOf(invoiceStatusLabels, key) })}
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
        label="Payment status"
        emptyLabel="All payment statuses"
        options={paymentStatusChoices}
        selectedKey={values.paymentStatus ?? null}
        onSelectionChange={(key) => onChange({ paymentStatus: choiceOf(paymentStatusLabels, key) })}
      />
      {problem && (
        <div role="alert" className="invoice__problem">
          <span>{problem}</span>
          <Button variant="quiet" onPress={() => options.send({ type: 'load.retry' })}>
            Try again
          </Button>
        </div>
      )}
    </FilterBar>
  );
}
