import { LazySelect } from './lazy-select';

const NO_OPTIONS: readonly { id: number; name: string }[] = [];

/**
 * A list filter over API ids, as the URL keeps it: undefined for the "All" option (`emptyLabel`),
 * an id otherwise. `options` is null while they load; the list holds only "All" meanwhile.
 */
export function IdFilterSelect({
  label,
  emptyLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  emptyLabel: string;
  options: readonly { id: number; name: string }[] | null | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <LazySelect
      label={label}
      emptyLabel={emptyLabel}
      options={options ?? NO_OPTIONS}
      selectedKey={value ?? null}
      onSelectionChange={(key) => onChange(typeof key === 'number' ? key : undefined)}
    />
  );
}
