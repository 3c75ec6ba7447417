import { formatCents } from '@openapi/rules/money';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useBasketTotals } from '@/core/domain/basket';
import { paths } from '@/core/paths';
import { popupBasket } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { announce } from '@/ui/announce';
import { Button } from '@/ui/button';
import { BasketIcon } from '@/ui/icons';
import { PageLoading } from '@/ui/page-loading';
import { Popover } from '@/ui/popover';
import { Tooltip } from '@/ui/tooltip';
import './basket-button.css';

// The popover's content (lines, checkout machine) loads when the basket is first opened.
const loadContent = () => import('./basket-popover');
const BasketPopover = lazy(() => loadContent().then((m) => ({ default: m.BasketPopover })));
const preloadContent = () => void loadContent().catch(() => undefined);

/** behaviour §9: the popover is at least 700 px wide; on a narrow screen it takes the width it has. */
const POPOVER_MIN_WIDTH = 'min(700px, calc(100vw - 2rem))';

const positions = (count: number) => `${count} ${count === 1 ? 'position' : 'positions'}`;

/**
 * The floating basket button (behaviour §2): a badge with the number of positions that pulses
 * when the item count goes up, the tooltip 'Basket (N positions) - total', and changes announced
 * politely. With the popup-basket preference on it opens the basket popover, otherwise My Cart.
 */
export function BasketButton() {
  const { totalItems, totalPositions, totalPriceCents } = useBasketTotals();
  const [isPopup] = usePersisted(popupBasket);
  const [, navigate] = useLocation();
  const total = formatCents(totalPriceCents);

  // The badge is re-mounted (so its animation replays) each time the item count rises.
  const [seenItems, setSeenItems] = useState(totalItems);
  const [pulses, setPulses] = useState(0);
  if (totalItems !== seenItems) {
    setSeenItems(totalItems);
    if (totalItems > seenItems) setPulses(pulses + 1);
  }

  const summary = `Basket, ${positions(totalPositions)}, total ${total}`;
  const announced = useRef(summary);
  useEffect(() => {
    if (announced.current === summary) return;
    announced.current = summary;
    announce(summary, 'polite');
  }, [summary]);

  const button = (
    <Button
      variant="primary"
      className="basket-button"
      aria-label={summary}
      {...(isPopup ? { onHoverStart: preloadContent } : { onPress: () => navigate(paths.cart) })}
    >
      <BasketIcon size={22} />
      <span
        key={pulses}
        className="basket-button__badge"
        data-pulse={pulses > 0 || undefined}
        data-empty={totalPositions === 0 || undefined}
        aria-hidden="true"
      >
        {totalPositions}
      </span>
    </Button>
  );
  const trigger = (
    <Tooltip label={`Basket (${totalPositions} positions) - ${total}`} placement="start">
      {button}
    </Tooltip>
  );

  return (
    <div className="basket-float">
      {isPopup ? (
        <Popover
          trigger={trigger}
          title={totalPositions > 0 ? 'Basket Items' : 'Your basket is empty'}
          minWidth={POPOVER_MIN_WIDTH}
        >
          {(close) => (
            <Suspense fallback={<PageLoading label="Loading the basket…" inline />}>
              <BasketPopover close={close} />
            </Suspense>
          )}
        </Popover>
      ) : (
        trigger
      )}
    </div>
  );
}
