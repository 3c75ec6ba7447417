import type { Invoice } from '@/api/models';
import { useOptions } from '@/core/domain/options';
import { DebouncedSearchField } from '@/ui/debounced-search-field';
import { FilterBar } from '@/ui/filter-bar';
import { IdFilterSelect } from '@/ui/id-filter-select';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LoadProblem } from '@/ui/load-problem';
import { Select } from '@/ui/select';
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

const statusChoices = Object.entries(invoiceStatusLabels).map(([id, name]) => ({ id, name }));
export const paymentStatusChoices = Object.entries(paymentStatusLabels).map(([id, name]) => ({ id, name }));

export const choiceOf = <T extends string>(labels: Record<T, string>, key: number | string | null): T | undefined =>
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
  const { options: choices, problem, retry } = useOptions();

  return (
    <FilterBar label="Invoice filters" onReset={onReset}>
      <DebouncedSearchField label="Search invoices" value={values.search} onSearch={(search) => onChange({ search })} />
      <LazyDatePicker
        label="Due date"
        value={values.dueDate ?? null}
        onChange={(day) => onChange({ dueDate: day ?? undefined })}
      />
      <LazyDatePicker
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
      <IdFilterSelect
        label="Seller"
        emptyLabel="All sellers"
        options={choices?.sellers}
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
        label="Payment status"
        emptyLabel="All payment statuses"
        options={paymentStatusChoices}
        selectedKey={values.paymentStatus ?? null}
        onSelectionChange={(key) => onChange({ paymentStatus: choiceOf(paymentStatusLabels, key) })}
      />
      {problem && <LoadProblem message={problem} onRetry={retry} />}
    </FilterBar>
  );
}
