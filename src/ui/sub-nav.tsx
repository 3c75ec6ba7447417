import { NavLink } from './nav-link';
import './sub-nav.css';

/** Sub-route tabs of a page (e.g. order statuses): links, the current one marked. */
export function SubNav({
  label,
  currentPath,
  items,
}: {
  label: string;
  currentPath: string;
  items: { href: string; label: string; isCurrent?: boolean }[];
}) {
  return (
    <nav aria-label={label} className="sub-nav">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
              currentPath={currentPath}
              matchSubRoutes={false}
              {...(item.isCurrent ? { isCurrent: true } : {})}
              className="sub-nav__link"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
