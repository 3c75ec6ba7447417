import { Link } from 'react-aria-components';

/**
 * A navigation link that knows whether it is the current place: `aria-current="page"` on its own
 * path and, with `matchSubRoutes`, on paths below it (behaviour §2: parents stay highlighted).
 * `isCurrent` overrides that, for a tab that stands for its parent's default.
 */
export function NavLink({
  href,
  currentPath,
  matchSubRoutes = true,
  isCurrent: forced,
  className,
  children,
  ...props
}: {
  href: string;
  currentPath: string;
  matchSubRoutes?: boolean;
  isCurrent?: boolean;
  className?: string;
  children: React.ReactNode;
  'aria-label'?: string;
  /** Called when the link is chosen, before the route changes (a drawer closes itself). */
  onPress?: () => void;
}) {
  const isCurrent = forced || currentPath === href || (matchSubRoutes && currentPath.startsWith(`${href}/`));
  return (
    <Link href={href} className={className} aria-current={isCurrent ? 'page' : undefined} {...props}>
      {children}
    </Link>
  );
}
