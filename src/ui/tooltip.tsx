import { useCallback, useEffect, useRef, useState } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import './tooltip.css';

/** How long the pointer rests on a trigger before its tooltip shows. */
const HOVER_DELAY_MS = 300;
/** Right after a tooltip closed, the next one shows at once (moving along a row of icons). */
const WARM_MS = 500;
let lastClosedAt = Number.NEGATIVE_INFINITY;

const isPointer = (event: React.PointerEvent) => event.pointerType === 'mouse' || event.pointerType === 'pen';

/**
 * Whether a mouse or pen pointer rests on the trigger, from the pointer's own events. React Aria's
 * TooltipTrigger decides this itself, and misses two cases: it counts a hover only if it has
 * already seen the pointer move ("pointer modality"), but a pointer entering the trigger fires
 * pointerenter before its first pointermove, so after a reload the first hover shows nothing; and
 * it forgets the hover when the trigger loses focus, so when focus comes back to the basket button
 * (a popover closing) and moves on to the next page's heading, the tooltip under a resting pointer
 * goes. Pressing the trigger or Escape hides it until the pointer leaves and comes back.
 */
function usePointerRest(isDisabled: boolean) {
  const [isShown, setShown] = useState(false);
  /** The trigger the pointer is over, its pending show, and how to stop watching for it leaving. */
  const rest = useRef<{ over: Element | null; timer?: number; unwatch?: () => void }>({ over: null });

  const hide = useCallback(() => {
    window.clearTimeout(rest.current.timer);
    setShown((shown) => {
      if (shown) lastClosedAt = performance.now();
      return false;
    });
  }, []);
  const leave = useCallback(() => {
    hide();
    rest.current.unwatch?.();
    rest.current = { over: null };
  }, [hide]);
  const enter = (event: React.PointerEvent) => {
    // A pointermove counts too: the trigger may have appeared under a pointer that then moved.
    if (!isPointer(event) || isDisabled || rest.current.over) return;
    const trigger = event.currentTarget;
    // The pointer over anything else has left, though the trigger heard nothing (covered by a
    // popover, or inert under a modal, it gets no pointerleave): as React Aria's useHover does.
    const elsewhere = (over: PointerEvent) => {
      if (over.target instanceof Node && !trigger.contains(over.target)) leave();
    };
    document.addEventListener('pointerover', elsewhere, true);
    const delay = performance.now() - lastClosedAt < WARM_MS ? 0 : HOVER_DELAY_MS;
    rest.current = {
      over: trigger,
      timer: window.setTimeout(() => setShown(true), delay),
      unwatch: () => document.removeEventListener('pointerover', elsewhere, true),
    };
  };

  useEffect(() => {
    if (!isShown) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [isShown, hide]);
  useEffect(() => {
    if (isDisabled) hide();
  }, [isDisabled, hide]);
  useEffect(() => leave, [leave]);

  return {
    isShown: isShown && !isDisabled,
    restProps: {
      onPointerEnter: enter,
      onPointerMove: enter,
      onPointerLeave: (event: React.PointerEvent) => isPointer(event) && leave(),
      onPointerDown: hide,
    },
  };
}

/**
 * A tooltip for a focusable React Aria child: shown on keyboard focus (React Aria's TooltipTrigger,
 * which also names the trigger's description while it shows) and while a pointer rests on it.
 */
export function Tooltip({
  label,
  children,
  isDisabled = false,
  placement = 'end',
}: {
  label: string;
  children: React.ReactElement;
  isDisabled?: boolean;
  placement?: 'start' | 'end' | 'top' | 'bottom';
}) {
  const [isFocusShown, setFocusShown] = useState(false);
  const { isShown, restProps } = usePointerRest(isDisabled);
  return (
    <TooltipTrigger
      trigger="focus"
      isOpen={isFocusShown || isShown}
      onOpenChange={setFocusShown}
      {...(isDisabled ? { isDisabled } : {})}
    >
      {/* Layout-neutral (display: contents): only there to hear the pointer over the trigger. */}
      <span className="tooltip-anchor" {...restProps}>
        {children}
      </span>
      <AriaTooltip placement={placement} offset={8} className="tooltip">
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
