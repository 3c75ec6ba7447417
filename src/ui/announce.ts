/**
 * Live announcements that are not snackbar messages (a sort, a selection, the basket's count):
 * React Aria's announcer, the one live region the page shares with React Aria's own widgets.
 */
import { announce as announceWithAria } from 'react-aria/private/live-announcer/LiveAnnouncer';

/**
 * Says `message` through the shared live region. Text only: an announcement that points at an
 * element (React Aria accepts `{ 'aria-labelledby': id }`) reads nothing once that element is
 * gone, and it stays in the region for seconds, long after a button that signed in has unmounted.
 */
export function announce(message: string, assertiveness: 'polite' | 'assertive' = 'assertive') {
  announceWithAria(message, assertiveness);
}

/** A text alternative of `element` as a screen reader names it from its content, for an announcement. */
function nameOf(element: Element): string {
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return '';
  const label = element.getAttribute('aria-label');
  if (label) return label;
  return [...element.childNodes]
    .map((child) => (child instanceof Element ? nameOf(child) : (child.textContent ?? '')))
    .join(' ');
}

/**
 * Says what `element` is called now (a button's label with its "In progress"), as text taken at
 * once: the announcement outlives the element.
 */
export function announceNameOf(element: Element, assertiveness: 'polite' | 'assertive' = 'assertive') {
  const name = nameOf(element).replace(/\s+/g, ' ').trim();
  if (name) announce(name, assertiveness);
}

/** The log entry React Aria added, as text: what it pointed at, read now. */
function readAsText(entry: Element) {
  const ids = entry.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  const text = ids
    .map((id) => entry.ownerDocument.getElementById(id))
    .map((element) => (element ? nameOf(element) : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) {
    entry.remove();
    return;
  }
  entry.removeAttribute('role');
  entry.removeAttribute('aria-labelledby');
  entry.textContent = text;
}

/**
 * React Aria's Button announces its own pending state, as a reference to itself (a `role="img"`
 * entry labelled by the button's id). When the button goes with the work it started (a dialog
 * closes, a page changes), the entry points at nothing for the seconds it stays in the region,
 * which axe reports (role-img-alt). Called once at start: each such entry becomes the text it
 * reads, in the microtask after React Aria adds it, before a screen reader hears of it.
 */
export function announceReferencesAsText(doc: Document = document) {
  const convertAdded = (records: MutationRecord[]) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.matches('[role="img"][aria-labelledby]')) readAsText(node);
      }
    }
  };
  const watch = (announcer: Element) =>
    new MutationObserver(convertAdded).observe(announcer, { childList: true, subtree: true });
  const existing = doc.querySelector('[data-live-announcer]');
  if (existing) {
    watch(existing);
    return;
  }
  // The announcer adds its region to <body> on its first announcement.
  const waiting = new MutationObserver(() => {
    const announcer = doc.querySelector('body > [data-live-announcer]');
    if (!announcer) return;
    waiting.disconnect();
    watch(announcer);
    for (const entry of announcer.querySelectorAll('[role="img"][aria-labelledby]')) readAsText(entry);
  });
  waiting.observe(doc.body, { childList: true });
}
