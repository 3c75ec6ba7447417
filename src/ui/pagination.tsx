import { useId } from 'react';
import { pageSizes } from '@/lib/preferences';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './pagination.css';

interface PaginationProps {
  /** What the pages are of (the grid's name). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
}

/** Offset pagination under a grid: rows per page, the range shown ("1–10 of 200"), previous and next. */
export function Pagination({ label, page, pageSize, total, onPageChange, onPageSizeChange }: PaginationProps) {
  const sizeId = useId();
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <span className="pagination__size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className="pagination__select"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      <span className="pagination__range">{first === 0 ? '0 of 0' : `${first}–${last} of ${total}`}</span>
      <span className="pagination__buttons">
        <Button
          variant="quiet"
          aria-label="Previous page"
          isDisabled={page <= 1}
          onPress={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </Button>
        <Button
          variant="quiet"
          aria-label="Next page"
          isDisabled={page >= lastPage}
          onPress={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </Button>
      </span>
    </nav>
  );
}
