import './old-to-new.css';

/** A value and what it becomes, "€12.50 → €11.00"; screen readers hear "€12.50 to €11.00". */
export function OldToNew({ old, next }: { old: string; next: string }) {
  return (
    <>
      <s className="old-to-new__old">{old}</s>
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> to </span>
      <strong>{next}</strong>
    </>
  );
}
