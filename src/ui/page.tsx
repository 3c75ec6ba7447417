import './page.css';

/** A page's frame: its one <h1> (focus target after navigation) and its content. */
export function Page({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
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
