import type { Role } from '@machines/session/session.selectors';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { BasketButton } from '@/features/basket/components/basket-button';
import { menuOpen } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePersisted } from '@/lib/use-persisted';
import { keepFocusInside } from '@/ui/keep-focus';
import { focusNextPage } from '@/ui/page';
import { CompactMenu, SideMenu } from './side-menu';
import './layout.css';

/** Below 48rem (768 px at 100% zoom; a desktop at 400% zoom too) the menu moves into a drawer (behaviour §2). */
const COMPACT_LAYOUT = '(width < 48rem)';

/**
 * The signed-in layout: skip link, the menu (side menu, or a top bar and drawer on narrow screens),
 * main content; the colour variant follows the role.
 */
export function AppLayout({ role, children }: { role: Role; children: React.ReactNode }) {
  const [isOpen, setOpen] = usePersisted(menuOpen);
  const isCompact = useMediaQuery(COMPACT_LAYOUT);
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
    <div className="shell" data-compact={isCompact || undefined} data-menu-open={(!isCompact && isOpen) || undefined}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {isCompact ? (
        <CompactMenu role={role} />
      ) : (
        <SideMenu role={role} isOpen={isOpen} onToggle={() => setOpen(!isOpen)} />
      )}
      {/* behaviour §2: clients only, on every page but My Cart. */}
      {role === 'client' && location !== paths.cart && <BasketButton />}
      {/* Focus lost with what held it (a bar that went with its dialog's work) stays in main. */}
      <main ref={keepFocusInside} id="main" tabIndex={-1} className="shell__main">
        {children}
      </main>
    </div>
  );
}
