import './page-loading.css';

/** The accessible loading state of a page or route chunk; `inline` for a line inside a card. */
export function PageLoading({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'page-loading page-loading--inline' : 'page-loading'} role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
