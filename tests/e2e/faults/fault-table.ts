/**
 * The fault table's driver: a journey is a few steps on one page; a clean run records the API
 * calls each step makes, then every (call × fault) case runs the journey again with that call
 * failing once. Each case checks what the user sees (a clear message, a way to try again), that
 * nothing typed or collected is lost, and that the journey then ends as the clean run did, its
 * write applied once.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { PASSWORD } from '../support';
import { type Call, FAULTS, type Fault, type FaultInjector, journeyCalls } from './fault-injector';

export interface Step {
  name: string;
  /** What the user does; returns once it is done, without waiting for the answer. */
  run: () => Promise<void>;
  /** Shown once the step went through (or, with `doneWhenGone`, gone once it went through). */
  done: () => Locator;
  doneWhenGone?: boolean;
  /** How the user tries the step again when no Retry button shows (default: `run` again). */
  retry?: () => Promise<void>;
}

export interface Journey {
  name: string;
  /** Who signs in again after the session ended. */
  email: string;
  /**
   * Fresh work for case `index` (0 is the clean run, `call` unset): a basket, an order to answer,
   * a row. Before a case whose call the app makes once per session, the page loads afresh.
   */
  begin: (index: number, call?: Call) => Promise<void>;
  steps: (index: number) => Step[];
  /** The write the journey exists for: before it, the user's work must survive a failure untouched. */
  commit: Call;
  /** Writes a retry may send again by design (a scratch cart emptied and filled anew). */
  repeatable?: readonly Call[];
  /**
   * Asserts that what the user typed or collected is intact where a failure left them. With a
   * malformed answer to the write itself, the server did the work: only what was typed must stay.
   */
  kept: (index: number, fault: Fault) => Promise<void>;
  /**
   * After the session ended and the user signed in again (landing on their home page): back to
   * the work, which is still there, and on to the end.
   */
  resume: (index: number) => Promise<void>;
  /** The server's state after case `index`: the journey's write is there exactly once. */
  appliedOnce: (index: number) => Promise<void>;
  /**
   * The message a fault on `call` shows, when it is not the call's usual one (`MESSAGES`); null
   * when the app finds out by itself and carries on (a checkout whose answer was lost).
   */
  message?: (call: Call, fault: Fault) => string | null | undefined;
}

/** behaviour §8 and src/api/unwrap.ts: what a failed call says, by fault. */
export const MESSAGES: Record<Exclude<Fault, 'session ended'>, string> = {
  'network error': 'Cannot reach the server. Check your connection and try again.',
  'server error': 'The server had a problem (500). Please try again.',
  'malformed JSON': 'The server sent a response the app cannot read. Please try again.',
};

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in' });
const retryButton = (page: Page) => page.getByRole('button', { name: /^(Retry|Try again)$/ }).first();

/** Whether the user can press `button` now: shown, and not behind a modal dialog (inert). */
const canPress = async (button: Locator) =>
  (await button.isVisible()) && (await button.evaluate((element) => !element.closest('[inert]')));

const isDone = async (step: Step) =>
  step.doneWhenGone ? (await step.done().count()) === 0 : await step.done().isVisible();

/**
 * Waits for `step` to be done. A read that failed behind a modal dialog (a list reloading under
 * the order or upload dialog) shows its Retry once the dialog closes: the user presses it then.
 */
async function reach(page: Page, step: Step, label = step.name) {
  await expect
    .poll(
      async () => {
        if (await isDone(step)) return true;
        if (await canPress(retryButton(page))) await retryButton(page).click();
        return false;
      },
      { message: label, intervals: POLL },
    )
    .toBe(true);
}

/** The session ended: the sign-in screen, saying why. */
async function expectSignedOut(page: Page) {
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Authentication required' })).toBeVisible();
}

/** Signs in again on the sign-in screen the app fell back to, without reloading. */
export async function signInAgain(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInHeading(page)).toHaveCount(0);
}

/** Goes to `path` inside the app as a link would (the router hears the history change), without a reload. */
export async function goTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function runSteps(page: Page, steps: readonly Step[]) {
  for (const step of steps) {
    await step.run();
    await reach(page, step);
  }
}

/** Polls often: a case is a second or two, and the default backs off to a second between tries. */
const POLL = [50];

/** Cases where the app made the failed read again by itself and went on (reported, not hidden). */
export const selfRecovered: string[] = [];

export interface TableResult {
  calls: Call[];
  cases: number;
}

/**
 * Runs `journey` clean, recording its calls, then once per call × fault. Returns the calls found
 * and how many cases ran.
 */
export async function runFaultTable(page: Page, faults: FaultInjector, journey: Journey): Promise<TableResult> {
  let calls: Call[] = [];
  await test.step('clean run', async () => {
    await journey.begin(0);
    const from = faults.calls.length;
    await runSteps(page, journey.steps(0));
    await journey.appliedOnce(0);
    calls = journeyCalls(faults.calls.slice(from));
  });
  expect(calls, `${journey.name} makes its write`).toContain(journey.commit);
  const commitAt = calls.indexOf(journey.commit);

  let index = 0;
  for (const [callAt, call] of calls.entries()) {
    for (const fault of FAULTS) {
      index += 1;
      const caseIndex = index;
      await test.step(`${call} × ${fault}`, async () => {
        try {
          await runCase();
        } catch (error) {
          // What the user saw when the case failed, for the report (the page's own snapshot is
          // taken at the end of the test, cases later).
          // The snackbar's live regions are always there, empty between messages; where focus
          // is tells why a key did nothing (on <body>, Escape closes no dialog).
          const seen = await page
            .locator('main, [role=dialog], [role=alertdialog], [role=alert]:not(:empty)')
            .evaluateAll((elements) => [
              ...elements.map(
                (element) => `${element.getAttribute('role') ?? 'main'}: ${element.textContent?.slice(0, 400)}`,
              ),
              `focus: ${document.activeElement?.outerHTML.slice(0, 160) ?? 'none'}`,
            ])
            .catch(() => ['(nothing readable)']);
          console.log(`${journey.name}: ${call} × ${fault} failed; the page showed:\n${seen.join('\n')}`);
          throw error;
        }
      });
      async function runCase() {
        await journey.begin(caseIndex, call);
        faults.arm(call, fault);
        const steps = journey.steps(caseIndex);
        let failedAt = -1;
        for (const [stepAt, step] of steps.entries()) {
          await step.run();
          await expect
            .poll(async () => faults.hasFired() || (await isDone(step)), {
              message: step.name,
              intervals: POLL,
            })
            .toBe(true);
          if (faults.hasFired()) {
            failedAt = stepAt;
            break;
          }
        }
        expect(failedAt, `${call} was failed during the journey`).toBeGreaterThanOrEqual(0);
        const signsOut = fault === 'session ended' && call !== 'POST /api/v1/token';
        const step = steps[failedAt] as Step;
        if (signsOut) {
          await expectSignedOut(page);
          faults.disarm();
          await signInAgain(page, journey.email);
          // Signing in again is the user's doing; from here the work is sent once.
          faults.forgetWrites();
          await journey.resume(caseIndex);
        } else {
          const own = journey.message?.(call, fault);
          const message = own === undefined ? MESSAGES[fault as keyof typeof MESSAGES] : own;
          if (message === null) {
            faults.disarm();
            await reach(page, step, `${step.name}, found out by the app`);
            await runSteps(page, steps.slice(failedAt + 1));
            return finish();
          }
          const told = page.getByRole('alert').filter({ hasText: message }).first();
          // A read the app made again by itself (a filter's choices, when its page remounts) may
          // succeed before anyone could read the failure: then the step is done and nothing is lost.
          const recovered = async () => faults.madeAfterFault(call) && (await isDone(step));
          await expect
            .poll(async () => (await told.isVisible()) || (await recovered()), {
              message: `"${message}" is shown`,
              intervals: POLL,
            })
            .toBe(true);
          faults.disarm();
          if (await told.isVisible()) {
            if (callAt <= commitAt) await journey.kept(caseIndex, fault);
            if (await canPress(retryButton(page))) await retryButton(page).click();
            // A Retry behind a modal dialog waits for it to close (see `reach`); the step goes on.
            else if (!(await retryButton(page).isVisible())) await (step.retry ?? step.run)();
          } else {
            selfRecovered.push(`${journey.name}: ${call} × ${fault}`);
          }
          await reach(page, step, `${step.name}, tried again`);
          await runSteps(page, steps.slice(failedAt + 1));
        }
        await finish();
      }
      async function finish() {
        await journey.appliedOnce(caseIndex);
        // A read that failed behind a dialog is tried again once the dialog closed.
        await expect
          .poll(
            async () => {
              if (await canPress(retryButton(page))) await retryButton(page).click();
              return retryButton(page).isVisible();
            },
            { message: 'no Retry is left', intervals: POLL },
          )
          .toBe(false);
        // Each write reached the server once; twice only when the first answer was lost after
        // the server did the work (the malformed answer), which `appliedOnce` shows did no harm.
        const limit = fault === 'malformed JSON' ? { [call]: 2 } : {};
        for (const [write, times] of Object.entries(faults.writes())) {
          if (journey.repeatable?.includes(write)) continue;
          expect(times, `${write} reached the server`).toBeLessThanOrEqual(limit[write] ?? 1);
        }
      }
    }
  }
  return { calls, cases: index };
}
