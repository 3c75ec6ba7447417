/**
 * The virtual screen reader (@guidepup/virtual-screen-reader) for the announcement tests
 * (behaviour §10): it reads jsdom's accessibility tree, says what takes focus ("role, name,
 * value, description, states") and what a live region adds ("polite: …", "assertive: …"), and
 * keeps what it said in a log. Tests drive the screen with the keyboard and compare the log.
 */
import { Virtual, virtual } from '@guidepup/virtual-screen-reader';
import { act, configure, getConfig, waitFor } from '@testing-library/react';
import { expect, onTestFinished } from 'vitest';

/**
 * The reader walks the accessibility tree at every focus change, so a screen takes longer to
 * settle than in the other component tests: their waits would fail on a busy machine. Set for each
 * test that listens, not when this module loads: a worker loads it once for all its files, and
 * tests/setup.ts sets the shorter wait again before each file.
 */
const READER_WAIT_MS = 10_000;

/** What makes a live region: `aria-live`, a role that implies it, or `<output>` (role status). */
const LIVE_REGION = [
  '[aria-live]',
  'output',
  ...['alert', 'alertdialog', 'log', 'marquee', 'status', 'timer'].map((role) => `[role="${role}"]`),
].join(', ');
const liveRegionOf = (node: Node) =>
  (node instanceof Element ? node : node.parentElement)?.closest(LIVE_REGION) ?? null;

/**
 * Whether a change is one a screen reader announces: one inside a live region. The reader works
 * this out for every change, naming each ancestor up to the page, which costs more than the rest
 * of a test when typing redraws a grid row; what it says is the same. Not one inside a removed
 * subtree (a popover just closed): nothing removed is spoken, and the reader throws naming such a
 * node, losing the rest of that batch ("Basket cleared" with it). Not an attribute change: a live
 * region announces content (additions, removals, text), while the reader repeats a region at any
 * attribute change. Not a change in an alertdialog: ARIA gives it no live region, it is read as
 * focus moves into it, while the reader would repeat its name at every change inside.
 */
function isAnnounced(record: MutationRecord) {
  if (!record.target.isConnected || record.type === 'attributes') return false;
  const region = liveRegionOf(record.target);
  return region !== null && !(region.getAttribute('role') === 'alertdialog' && !region.hasAttribute('aria-live'));
}

/** What a change inside an inserted alert would look like to the reader: the whole alert added. */
const shownAlert = (alert: Element) =>
  ({ type: 'childList', target: alert, addedNodes: alert.childNodes, removedNodes: [] }) as unknown as MutationRecord;

/**
 * The alerts a change puts on the page outside any live region. Screen readers say an alert as it
 * appears (the browser fires an alert event); the reader listens only for changes inside a region
 * already there, so the change is passed on as one inside the alert.
 */
function insertedAlerts(record: MutationRecord): MutationRecord[] {
  if (record.type !== 'childList' || liveRegionOf(record.target) !== null) return [];
  return [...record.addedNodes]
    .filter((node): node is Element => node instanceof Element && node.isConnected)
    .flatMap((node) => [...(node.matches('[role="alert"]') ? [node] : []), ...node.querySelectorAll('[role="alert"]')])
    .map(shownAlert);
}

/** The page's MutationObserver, passing the reader only the changes a screen reader announces. */
class AnnouncedChanges extends MutationObserver {
  constructor(callback: MutationCallback) {
    super((records, observer) =>
      callback([...records.filter(isAnnounced), ...records.flatMap(insertedAlerts)], observer),
    );
  }
}

/** How much of the reader's log `heard` has returned. */
let seen = 0;

/**
 * The reader reads no textarea's value (it reads an input's, a button's, an option's…), where
 * screen readers read a textarea as they read an input: "textbox, Product, Moon Run". The values
 * of the textareas focus reached, as they were then, in order, for the phrases that lack them.
 */
let textareaValues: { start: string; value: string }[] = [];
function noteTextareaValue(event: FocusEvent) {
  const field = event.target;
  if (!(field instanceof HTMLTextAreaElement) || !field.value) return;
  const labelledBy = (field.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  const name =
    field.getAttribute('aria-label') ?? labelledBy.map((id) => document.getElementById(id)?.textContent).join(' ');
  textareaValues.push({ start: `textbox, ${name}`, value: field.value });
}
function withTextareaValue(phrase: string) {
  const at = textareaValues.findIndex(({ start }) => phrase === start || phrase.startsWith(`${start}, `));
  const found = textareaValues[at];
  if (!found) return phrase;
  textareaValues.splice(at, 1);
  return `${found.start}, ${found.value}${phrase.slice(found.start.length)}`;
}

/** Starts the reader on `container` (live regions outside it are not heard). */
export async function listen(container: Element = document.body) {
  const { asyncUtilTimeout } = getConfig();
  configure({ asyncUtilTimeout: READER_WAIT_MS });
  textareaValues = [];
  document.addEventListener('focusin', noteTextareaValue, true);
  await act(() => virtual.start({ container, window: { MutationObserver: AnnouncedChanges } }));
  seen = (await virtual.spokenPhraseLog()).length;
  onTestFinished(async () => {
    configure({ asyncUtilTimeout });
    document.removeEventListener('focusin', noteTextareaValue, true);
    await virtual.stop();
  });
}

/** An emptied live region (a message timed out): the reader logs the bare prefix, nothing is said. */
const isSilence = (phrase: string) => phrase === 'polite: ' || phrase === 'assertive: ';

/** What the reader said since `heard` last returned, an emptied region left out. */
const saidSince = async () => (await virtual.spokenPhraseLog()).slice(seen).filter((phrase) => !isSilence(phrase));

/**
 * What was said since the last call, in order. The log itself is kept whole: the reader does not
 * repeat what it said last when focus comes back to the same item, and it needs its log for that.
 */
export async function heard(): Promise<string[]> {
  // Lets effects run (inside act), then the focus handler and live-region observer they set off.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const said = await saidSince();
  seen = (await virtual.spokenPhraseLog()).length;
  return said.map((phrase) => (isLive(phrase) ? phrase : withTextareaValue(phrase)));
}

const isLive = (phrase: string) => phrase.startsWith('polite: ') || phrase.startsWith('assertive: ');
/** What focus made the reader say, and what live regions did, each in its order. */
const channels = (phrases: string[]) => ({
  focus: phrases.filter((phrase) => !isLive(phrase)),
  live: phrases.filter(isLive),
});

/**
 * Checks that the reader said exactly `expected` since the last check, waiting as `waitFor` does
 * until it has said as much: an announcement may come a moment after the change that makes it
 * (React Aria's announcer starts 100 ms late outside `act`). What focus says and what a live region
 * says at the same moment reach the reader by separate paths, in either order, so each is checked
 * in its own order.
 * `passedThrough`: what focus passes through on its way to what comes next (a row that opens again
 * just before a dialog takes focus from it). The reader says it or not depending on how soon the
 * next focus comes (a dialog whose code an earlier test loaded comes at once), so it is not counted.
 */
export async function expectHeard(expected: string[], { passedThrough = [] }: { passedThrough?: string[] } = {}) {
  const counted = (phrases: string[]) => phrases.filter((phrase) => !passedThrough.includes(phrase));
  await waitFor(async () => {
    const said = counted(await saidSince());
    expect(said.length, `heard so far: ${JSON.stringify(said)}`).toBeGreaterThanOrEqual(expected.length);
  });
  expect(channels(counted(await heard()))).toEqual(channels(expected));
}

/**
 * Presses a key where the reader is, then reads that item again if it changed, as a screen reader
 * reports a state change of the focused item ("sorted in ascending order", "selected").
 */
export const press = (key: string) => act(() => virtual.press(key));

/** Moves the reader to the next item, as its browse-mode "next" command does. */
export const next = () => act(() => virtual.next());

/** Moves focus to `element` (the reader follows focus). */
export const focus = (element: Element | null | undefined) =>
  act(() => {
    if (!(element instanceof HTMLElement)) throw new Error('Nothing to focus');
    element.focus();
  });

/** Waits until focus is in `element` (a dialog or popover moves it there a frame after opening). */
export const focusReaches = (element: () => HTMLElement) =>
  waitFor(() => expect(element().contains(document.activeElement)).toBe(true));

/** What the reader says on `element` alone: its role, name and states. */
export async function phraseOf(element: Element | null | undefined): Promise<string | null> {
  if (!element) return null;
  const reader = new Virtual();
  await reader.start({ container: element });
  const [phrase = null] = await reader.spokenPhraseLog();
  await reader.stop();
  return phrase;
}

/**
 * The headers a screen reader names with the focused grid cell: moving to another row it reads
 * the row's header cell, moving to another column that column's header (NVDA, JAWS and VoiceOver
 * do, from the table's markup; the virtual reader says the cell alone).
 */
export async function headersOfFocus() {
  const cell = document.activeElement?.closest('td, th');
  const table = cell?.closest('table');
  if (!(cell instanceof HTMLTableCellElement) || !table) throw new Error('Focus is not in a table cell');
  const row = cell.parentElement;
  return {
    row: await phraseOf(row?.querySelector(':scope > th[scope="row"], :scope > [role="rowheader"]')),
    column: await phraseOf(table.tHead?.rows[0]?.cells[cell.cellIndex]),
  };
}
