import './badge.css';

/** A small count, e.g. the number of basket lines on the Basket button; 100 and more show as "99+". */
export function Badge({ count, max = 99 }: { count: number; max?: number }) {
  return <span className="badge">{count > max ? `${max}+` : count}</span>;
}
