import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { menuOpen } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import type { Role } from '@machines/session/session.selectors';
import { SideMenu } from './side-menu';
import './layout.css';

/** The signed-in layout: skip link, side menu, main content; the colour variant follows the role. */
export function AppLayout({ role, children }: { role: Role; children: React.ReactNode }) {
  const [isOpen, setOpen] = usePersisted(menuOpen);
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    document.documentElement.dataset.variant = role;
    return () => {
      delete document.documentElement.dataset.variant;
    };
  }, [role]);

  // After a navigation, move focus to the new page so screen readers start reading there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('[data-page-heading]');
    (heading ?? main.current)?.focus({ preventScroll: false });
  }, [location]);

  return (
    <div className="shell" data-menu-open={isOpen || undefined}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SideMenu role={role} isOpen={isOpen} onToggle={() => setOpen(!isOpen)} />
      <main id="main" ref={main} tabIndex={-1} className="shell__main">
        {children}
      </main>
    </div>
  );
}
