/**
 * Focus that would fall to <body> when what holds it goes away. There, Escape closes no dialog and
 * Tab starts again from the top of the page. An outcome often replaces the control that led to it:
 * a file picker leaves while the file uploads, "Don’t upload" leaves with its question, Submit is
 * disabled while an unknown outcome is looked up, a bulk action's bar leaves with its selection.
 *
 * React Aria pulls focus back only on the next animation frame, and only if the browser fired
 * `focusout` (Chrome does for a removed element, not for a disabled one): a key pressed before that
 * frame is lost, so a fast keyboard user (or a test) pressing Escape at once found a dialog stuck
 * open on one machine and not on another. Here the check runs in a MutationObserver callback, a
 * microtask after the change and before any key that follows it.
 */

/** Marks where focus goes when the control holding it leaves its dialog (see keepFocusInside). */
export const FOCUS_LANDING = { 'data-focus-landing': true } as const;

/** Whether `element` can still hold focus: in the document, enabled, not inert or hidden. */
const canHoldFocus = (element: Element) =>
  element.isConnected && !element.matches(':disabled') && element.closest('[inert], [hidden]') === null;

const isLost = (active: Element | null) => active === null || active === document.body;

/** `element` and its ancestors, nearest first. */
function pathOf(element: Element | null): Element[] {
  const path: Element[] = [];
  for (let node = element; node; node = node.parentElement) path.push(node);
  return path;
}

/**
 * Where focus goes back to, given the path of where it was: that element, or when it went too
 * (an order leaving the list closed its row), the nearest of its former ancestors still there that
 * takes focus (a tabindex: a list's region, a dialog), so the keyboard carries on near there.
 */
function returnTo(path: readonly Element[]): HTMLElement | undefined {
  const [came] = path;
  return path.find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      canHoldFocus(element) &&
      (element === came || element.hasAttribute('tabindex')) &&
      element !== document.body,
  );
}

/**
 * Where focus was when it last fell to <body>, as a path: a control disabled while it held focus
 * (a move's button, while its confirmation opens) has lost it before that confirmation comes, and
 * the confirmation must still know where to hand focus back.
 */
let lostFrom: Element[] = [];
let isListening = false;
function rememberLostFocus() {
  if (isListening) return;
  isListening = true;
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.relatedTarget === null && event.target instanceof Element) lostFrom = pathOf(event.target);
    },
    true,
  );
}

/**
 * Watches `container` for the element holding focus going away with focus on <body> (or on that
 * element, disabled), and calls `land` with where that element was. Returns the cleanup.
 */
function watchFocusLoss(container: HTMLElement, land: (heldPath: readonly Element[]) => void) {
  let held: Element | null = container.contains(document.activeElement) ? document.activeElement : null;
  let heldPath = pathOf(held);
  const onFocusIn = (event: FocusEvent) => {
    held = event.target instanceof Element ? event.target : null;
    heldPath = pathOf(held);
  };
  const observer = new MutationObserver(() => {
    if (!held || canHoldFocus(held)) return;
    const active = document.activeElement;
    // Focus moved on meanwhile (a nested dialog, a field the outcome focused): leave it there. On
    // <body> it was lost with `held`, perhaps through a dialog that closed with it (a bulk
    // action's bar and its confirmation, in the page's main region).
    if (!isLost(active) && active !== held) return;
    held = null;
    land(heldPath);
  });
  container.addEventListener('focusin', onFocusIn);
  observer.observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'inert', 'hidden'],
  });
  return () => {
    observer.disconnect();
    container.removeEventListener('focusin', onFocusIn);
  };
}

/**
 * A ref callback for an open dialog or popover (React Aria's Dialog, focusable and named by its
 * title), or the page's main region: when the element holding focus goes, focus lands on the
 * container's last element marked with FOCUS_LANDING (the outcome, or the control that replaced
 * the pressed one), else near where it was (returnTo), else on the container itself. When the
 * container itself goes with focus inside (a dialog closing), focus goes back at once to where it
 * was when the container came (or last was, when it came with focus on <body>), or near there;
 * React Aria would do so a frame later, and not at all once that element is gone.
 */
export function keepFocusInside(container: HTMLElement | null) {
  if (!container) return undefined;
  rememberLostFocus();
  const active = document.activeElement;
  const cameFrom = isLost(active) ? lostFrom : pathOf(active);
  const stopWatching = watchFocusLoss(container, (heldPath) => {
    const marked = [...container.querySelectorAll<HTMLElement>('[data-focus-landing]')].filter(canHoldFocus);
    // Where `held` was, up to the container (its detached ancestors are passed over).
    const near = returnTo(heldPath.slice(0, heldPath.indexOf(container)));
    (marked.at(-1) ?? near ?? container).focus();
  });
  return () => {
    stopWatching();
    // Focus inside, or already lost from inside in this same update (its button went first).
    const now = document.activeElement;
    if (!container.contains(now) && !isLost(now)) return;
    // Runs before the container leaves the page: look once it has.
    queueMicrotask(() => {
      if (isLost(document.activeElement)) returnTo(cameFrom)?.focus();
    });
  };
}

/**
 * A ref callback for a region that focus visits and leaves again (the snackbar): when the element
 * holding focus there goes (Undo pressed, the message closed), focus returns to where it came from
 * into the region, or near there (returnTo), or to the page's main region.
 */
export function returnFocusWhenLost(region: HTMLElement | null) {
  if (!region) return undefined;
  let cameFrom: Element[] = [];
  const onFocusIn = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (from instanceof Element && !region.contains(from)) cameFrom = pathOf(from);
  };
  region.addEventListener('focusin', onFocusIn);
  const stopWatching = watchFocusLoss(region, () => {
    (returnTo(cameFrom) ?? region.ownerDocument.querySelector<HTMLElement>('main[tabindex]'))?.focus();
  });
  return () => {
    stopWatching();
    region.removeEventListener('focusin', onFocusIn);
  };
}
