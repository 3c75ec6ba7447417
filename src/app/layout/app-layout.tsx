import type { Role } from '@machines/session/session.selectors';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { menuOpen } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { focusNextPage } from '@/ui/page';
import { SideMenu } from './side-menu';
import './layout.css';

/** The signed-in layout: skip link, side menu, main content; the colour variant follows the role. */
export function AppLayout({ role, children }: { role: Role; children: React.ReactNode }) {
  const [isOpen, setOpen] = usePersisted(menuOpen);
  const [location] = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    document.documentElement.dataset.variant = role;
    return () => {
      delete document.documentElement.dataset.variant;
    };
  }, [role]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusNextPage();
  }, [location]);

  return (
    <div className="shell" data-menu-open={isOpen || undefined}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SideMenu role={role} isOpen={isOpen} onToggle={() => setOpen(!isOpen)} />
      <main id="main" tabIndex={-1} className="shell__main">
        {children}
      </main>
    </div>
  );
}
