/**
 * The journeys' `test`: Playwright's, with pages whose keyboard checks that focus did not fall to
 * <body>: after every key step (press, type, insertText), once the page has painted, and again
 * before the next one, for an outcome that arrived later (an answer from the server). A keyboard
 * user's next key goes where focus is; on <body> Escape closes no dialog and Tab starts again at
 * the top of the page. Before a page's first key, or after a click, <body> is where focus may be.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

/** What holds focus once the page has painted twice, or null when nothing in the page does. */
async function focusedAfterPaint(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    // React Aria gives focus back in the frame after an overlay closes, and a page moves it to its
    // heading in an effect: where the next key goes is settled two frames on, on any machine.
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) {
      const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
      return `${active.tagName.toLowerCase()} "${name}"`;
    }
    // Tab past the page's last stop moves focus to the browser's own controls, not to <body>.
    return document.hasFocus() ? null : 'the browser, outside the page';
  });
}

/** Records in the page whether the last input was a key or a pointer (`lastInput` on window). */
function recordLastInput() {
  const mark = (input: string) => () => Object.assign(window, { lastInput: input });
  addEventListener('keydown', mark('key'), true);
  addEventListener('pointerdown', mark('pointer'), true);
}

/** Fails when focus is on <body> though the last input was a key: an outcome took it after the step. */
async function expectFocusNotLostMeanwhile(page: Page, step: string) {
  const lost = await page
    .evaluate(
      () =>
        (window as { lastInput?: string }).lastInput === 'key' &&
        document.hasFocus() &&
        (document.activeElement === null || document.activeElement === document.body),
    )
    .catch(() => false);
  expect(lost, `focus was not lost to <body> since the last key, before ${step} (on ${page.url()})`).toBe(false);
}

/** Fails the step when focus is on <body> after it (a step that navigates is checked on the new page). */
export async function expectFocusKept(page: Page, step: string) {
  let focused: string | null;
  try {
    focused = await focusedAfterPaint(page);
  } catch {
    // The key loaded another document (a link, a form sent the old way): check that one.
    await page.waitForLoadState();
    focused = await focusedAfterPaint(page);
  }
  expect(focused, `focus is kept after ${step} (on ${page.url()})`).not.toBeNull();
}

/** Makes every key step on `page.keyboard` check focus before and after it. */
function wrapKeyboard(page: Page) {
  const { keyboard } = page;
  const press = keyboard.press.bind(keyboard);
  const type = keyboard.type.bind(keyboard);
  const insertText = keyboard.insertText.bind(keyboard);
  keyboard.press = async (key, options) => {
    await expectFocusNotLostMeanwhile(page, `pressing ${key}`);
    await press(key, options);
    await expectFocusKept(page, `pressing ${key}`);
  };
  keyboard.type = async (text, options) => {
    await expectFocusNotLostMeanwhile(page, `typing "${text}"`);
    await type(text, options);
    await expectFocusKept(page, `typing "${text}"`);
  };
  keyboard.insertText = async (text) => {
    await expectFocusNotLostMeanwhile(page, `entering "${text}"`);
    await insertText(text);
    await expectFocusKept(page, `entering "${text}"`);
  };
}

/** The checks for the pages of a context the test made itself (a second user's browser). */
export async function checkFocusInContext(context: BrowserContext) {
  await context.addInitScript(recordLastInput);
  for (const page of context.pages()) wrapKeyboard(page);
  context.on('page', wrapKeyboard);
}

/** Every page of the test's context checks focus around its key steps (a second tab too). */
export const test = base.extend({
  context: async ({ context }, use) => {
    await checkFocusInContext(context);
    await use(context);
  },
});
