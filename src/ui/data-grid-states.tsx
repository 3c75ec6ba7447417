import { ProgressBar } from 'react-aria-components';
import { Button } from './button';

/** A thin bar over the grid's top edge while a page loads; it takes no layout space. */
export function GridProgress({ label }: { label: string }) {
  return (
    <ProgressBar aria-label={`Loading ${label}`} isIndeterminate className="data-grid__progress">
      <span aria-hidden="true" className="data-grid__progress-bar" />
    </ProgressBar>
  );
}

/** Placeholder rows of the final row height, so the first page arrives without a layout shift. */
export function GridSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: placeholder rows hold no content and take no focus.
    <tr key={row} aria-hidden="true" className="data-grid__row data-grid__row--skeleton">
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above, for placeholder cells.
        <td key={column} className="data-grid__cell">
          <span className="data-grid__skeleton" />
        </td>
      ))}
    </tr>
  ));
}

interface GridProblemProps {
  problem: string | null;
  onRetry: () => void;
  isEmpty: boolean;
  emptyTitle: string;
  emptyText?: string;
  onResetFilters?: () => void;
}

/** Under the header row: why the grid has no rows (a failed load with Retry, or no matches). */
export function GridProblem({ problem, onRetry, isEmpty, emptyTitle, emptyText, onResetFilters }: GridProblemProps) {
  if (problem) {
    return (
      <div role="alert" className="data-grid__message data-grid__message--problem">
        <p className="data-grid__message-title">{problem}</p>
        <Button onPress={onRetry}>Retry</Button>
      </div>
    );
  }
  if (!isEmpty) return null;
  return (
    <div className="data-grid__message">
      <p className="data-grid__message-title">{emptyTitle}</p>
      {emptyText && <p className="data-grid__message-text">{emptyText}</p>}
      {onResetFilters && <Button onPress={onResetFilters}>Reset filters</Button>}
    </div>
  );
}
