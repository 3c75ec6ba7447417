import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the content of `scroller` is wider than it, kept up to date as either is resized. A grid
 * keeps its row names in view while it scrolls sideways, and only then: each cell that sticks is a
 * layer of its own, and every frame pays for each (hit testing, pre-paint), typing in a row too.
 * Where the browser cannot tell (no ResizeObserver), the answer is yes.
 */
export function useScrollsSideways(scroller: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(cannotTell);
  useEffect(() => {
    const element = scroller.current;
    if (!element || cannotTell()) return undefined;
    // Called once on observing, then after each resize of the scroller or of its content.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [scroller]);
  return scrolls;
}

const cannotTell = () => typeof ResizeObserver === 'undefined';
