import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import './link.css';

/** A link that routes inside the app (React Aria's RouterProvider hands `href` to wouter). */
export function Link({ className, ...props }: AriaLinkProps) {
  return <AriaLink {...props} className={['link', className].filter(Boolean).join(' ')} />;
}
