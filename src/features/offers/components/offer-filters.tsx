import { OfferFilterFields, type OfferFilterFieldValues } from '@/core/domain/offer-filter-fields';
import { useOptions } from '@/core/domain/options';
import { FilterBar } from '@/ui/filter-bar';
import { LoadProblem } from '@/ui/load-problem';
import { Switch } from '@/ui/switch';

/** The offer list filters that live in the URL (behaviour §3, offer list filters). */
export type OfferFilterValues = OfferFilterFieldValues & { is_hot?: boolean | undefined };

/** Publisher, region, product search, validity range and "Hot only" above the offers grid. */
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
  return (
    <FilterBar label="Offer filters" onReset={onReset}>
      <OfferFilterFields values={values} onChange={onChange} choices={choices} />
      <Switch isSelected={values.is_hot === true} onChange={(hot) => onChange({ is_hot: hot || undefined })}>
        Hot only
      </Switch>
      {problem && <LoadProblem message={problem} onRetry={retry} />}
    </FilterBar>
  );
}
