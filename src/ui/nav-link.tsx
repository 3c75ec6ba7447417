import { Link } from 'react-aria-components';

/**
 * A navigation link that knows whether it is the current place: `aria-current="page"` on its own
 * path and, with `matchSubRoutes`, on paths below it (SPEC: parents stay highlighted).
 */
export function NavLink({
  href,
  currentPath,
  matchSubRoutes = true,
  className,
  children,
  ...props
}: {
  href: string;
  currentPath: string;
  matchSubRoutes?: boolean;
  className?: string;
  children: React.ReactNode;
  'aria-label'?: string;
}) {
  const isCurrent = currentPath === href || (matchSubRoutes && currentPath.startsWith(`${href}/`));
  return (
    <Link href={href} className={className} aria-current={isCurrent ? 'page' : undefined} {...props}>
      {children}
    </Link>
  );
}
