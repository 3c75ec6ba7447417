import { useEffect, useRef } from 'react';
import './page.css';

let focusOnNextPage = false;

/**
 * Called on navigation: the next page to mount moves focus to its heading, so screen readers
 * start reading the new page. Sub-route changes inside a mounted page keep focus where it is.
 */
export function focusNextPage() {
  focusOnNextPage = true;
}

/** A page's frame: its one <h1> (focus target after navigation) and its content. */
export function Page({ title, children }: { title: string; children?: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnNextPage) return;
    focusOnNextPage = false;
    heading.current?.focus();
  }, []);
  return (
    <div className="page">
      <h1 ref={heading} className="page__title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** What a list or section shows when it has nothing to show yet. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <p className="empty-state__text">{children}</p>}
    </div>
  );
}
