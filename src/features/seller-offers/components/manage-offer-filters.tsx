import { OfferFilterFields, type OfferFilterFieldValues } from '@/core/domain/offer-filter-fields';
import { useOptions } from '@/core/domain/options';
import { fromLocalIso, toLocalIso } from '@/lib/dates';
import { FilterBar } from '@/ui/filter-bar';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazyDateTimePicker } from '@/ui/lazy-date-time-picker';
import { LoadProblem } from '@/ui/load-problem';

/** The Manage Offers filters that live in the URL (behaviour §3: the offer filters plus publishedDate). */
export interface ManageOfferFilterValues extends OfferFilterFieldValues {
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
  return (
    <FilterBar label="Offer filters" onReset={onReset}>
      <OfferFilterFields values={values} onChange={onChange} choices={choices} />
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
