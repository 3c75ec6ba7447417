import { Group } from 'react-aria-components';
import { Button } from './button';
import './filter-bar.css';

/**
 * The filters above a list, as a named group that wraps onto more lines on narrow screens, with
 * an optional "Reset filters" button at the end (kept in place while filters are at their
 * defaults, so pressing it never leaves focus on a vanished button).
 */
export function FilterBar({
  label,
  children,
  onReset,
}: {
  /** The group's accessible name, e.g. "Filter offers". */
  label: string;
  children: React.ReactNode;
  onReset?: () => void;
}) {
  return (
    <Group aria-label={label} className="filter-bar">
      {children}
      {onReset && (
        <Button variant="quiet" className="filter-bar__reset" onPress={onReset}>
          Reset filters
        </Button>
      )}
    </Group>
  );
}
