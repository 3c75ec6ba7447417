import { Link } from 'wouter';
import './link.css';
import './light-controls.css';

/** `Link` for the signed-out screens: a native anchor that routes inside the app (wouter). */
export function LightLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className="link light-link">
      {children}
    </Link>
  );
}
