import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCOUNTS, type ApiTarget, PASSWORD, tokensFor as signIn } from '../support/api-session';

export { PASSWORD };
export const CLIENT = ACCOUNTS.client;
export const SELLER = ACCOUNTS.seller;

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The shared API session's transport over Playwright's request context: each call goes to the
 * context's own base URL (the origin here is a placeholder) and shows in its trace.
 */
export function throughRequest(request: APIRequestContext): ApiTarget {
  return {
    baseUrl: 'http://e2e.invalid',
    fetch: async (call) => {
      const { pathname, search } = new URL(call.url);
      const body = call.body ? Buffer.from(await call.arrayBuffer()) : undefined;
      const answer = await request.fetch(`${pathname}${search}`, {
        method: call.method,
        headers: Object.fromEntries(call.headers),
        data: body,
        failOnStatusCode: false,
      });
      const payload = await answer.body();
      return new Response(payload.length > 0 ? new Uint8Array(payload) : null, {
        status: answer.status(),
        headers: answer.headers(),
      });
    },
  };
}

/** A token pair from the API, for tests that start signed in. */
export const tokensFor = (request: APIRequestContext, email: string) => signIn(throughRequest(request), email);

/** Stores tokens (and other saved values) before the app loads, like an earlier visit would. */
export async function startSignedIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  extra: Record<string, unknown> = {},
) {
  const tokens = await tokensFor(request, email);
  await page.addInitScript(
    ({ tokens, extra }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('marketplace:access-token', JSON.stringify(tokens.access));
      localStorage.setItem('marketplace:refresh-token', JSON.stringify(tokens.refresh));
      for (const [key, value] of Object.entries(extra))
        localStorage.setItem(`marketplace:${key}`, JSON.stringify(value));
    },
    { tokens, extra },
  );
  return tokens;
}

/**
 * No axe violation of WCAG 2.2 AA on the page as it is now. `coloursOnly` checks the colour rules
 * alone: for a second theme, which changes colours (custom properties) and nothing else, so the
 * markup's rules were checked in the first.
 */
export async function expectNoAxeViolations(page: Page, { coloursOnly = false } = {}) {
  // Colours are checked as they end up: a message still fading in would read as low contrast.
  // Spinners and skeleton pulses run forever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const axe = new AxeBuilder({ page });
  const results = await (coloursOnly
    ? axe.withRules(['color-contrast', 'link-in-text-block'])
    : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  ).analyze();
  // Each violation with where it is and the start of the offending markup, to find it from the report.
  const found = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** Pastes `text` on the focused cell, as Ctrl+V does with a spreadsheet's cells on the clipboard. */
export const pasteOnFocused = (page: Page, text: string) =>
  page.evaluate((tsv) => {
    const data = new DataTransfer();
    data.setData('text/plain', tsv);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);

/** Collects console errors and uncaught exceptions; assert it stays empty. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The last message the server "sent" to this address ($DATA_DIR/outbox.jsonl). */
export function lastMailTo(address: string): { to: string; subject: string; link: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (tests/e2e/playwright.config.ts sets it)');
  const lines = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const mails = lines.map((line) => JSON.parse(line) as { to: string; subject: string; link: string });
  const mine = mails.filter((mail) => mail.to === address);
  const last = mine.at(-1);
  if (!last) throw new Error(`No mail to ${address}`);
  return last;
}
