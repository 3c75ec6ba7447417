/**
 * The seller's power tools on Manage Offers (targets in report.ts, figures in docs/performance.md), in
 * Chromium against the built app, with the page's 100 rows selected:
 * - paste → preview painted: a block of 100 rows × every editable column (the page's own cells,
 *   copied with Ctrl+C, each product and price changed) pasted on the first row's Product cell,
 *   from the `paste` event to the frame after the preview's table has all its rows;
 * - applying it: from the press of "Apply to 100 offers" to the frame after the snackbar says
 *   they were updated (the update call included); the snackbar's Undo then puts them back, so
 *   every run starts from the same offers;
 * - Ctrl+Enter over the selection: a price typed in the first row's editor, then Ctrl+Enter, to
 *   the frame after the preview has a row per selected offer.
 * Each figure is the median of the runs (the lower middle one when their number is even).
 */
import type { Browser, Page } from '@playwright/test';

export interface PowerToolFigures {
  cpu: number;
  rows: number;
  runs: number;
  failed: number;
  errors: string[];
  /** Medians in milliseconds; null when no run completed. */
  pastePreview: number | null;
  applyPaste: number | null;
  applyToSelection: number | null;
}

const PREVIEW_ROWS = '[role="dialog"] table tbody tr';

/**
 * The page side, as a string (the bench runs through tsx, whose helpers would not exist in the
 * page): resolves with the time from `start` to the frame after `done()` first holds.
 */
const PROBE = `(() => {
  window.powerProbe = {
    until(done, start) {
      return new Promise((resolve) => {
        const check = () => {
          if (!done()) return false;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(0);
          });
          return true;
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        check();
      });
    },
  };
})();`;

declare global {
  interface Window {
    powerProbe?: { until(done: () => boolean, start: number): Promise<number> };
  }
}

const median = (values: (number | null)[]): number | null => {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? null) : null;
};

/** The grid's copy of the selected rows (Ctrl+C on the first row's Product cell), read from the event. */
async function copySelection(page: Page): Promise<string> {
  return page.evaluate(() => {
    const data = new DataTransfer();
    document.activeElement?.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true }));
    return data.getData('text/plain');
  });
}

/** The copied block with every product and price changed, so each pasted row changes its offer. */
function changedBlock(tsv: string, run: number): string {
  return tsv
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => {
      const cells = line.split('\t');
      cells[0] = `${cells[0]} ${run}`;
      cells[cells.length - 1] = `${(run % 9) + 1}.${String(run).padStart(2, '0')}`;
      return cells.join('\t');
    })
    .join('\r\n');
}

async function loadSelected(page: Page, url: string, rows: number) {
  await page.goto(url, { waitUntil: 'load' });
  const grid = page.getByRole('grid');
  await grid.getByRole('row').nth(rows).waitFor({ state: 'visible', timeout: 15_000 });
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.waitForTimeout(400);
  return grid;
}

/** One run on a freshly loaded page: paste, apply, undo; then Ctrl+Enter over the selection. */
async function powerOnce(
  page: Page,
  url: string,
  rows: number,
  run: number,
  setCpu: (rate: number) => Promise<unknown>,
  cpu: number,
) {
  await setCpu(1);
  const grid = await loadSelected(page, url, rows);
  await grid.getByRole('row').nth(1).getByRole('rowheader').focus();
  const block = changedBlock(await copySelection(page), run);
  if (block.split('\r\n').length !== rows) throw new Error(`copied ${block.split('\r\n').length} rows, not ${rows}`);

  await setCpu(cpu);
  const pastePreview = await page.evaluate(
    ([text, selector, count]) => {
      const start = performance.now();
      const painted = window.powerProbe?.until(() => document.querySelectorAll(selector).length === count, start);
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      return painted;
    },
    [block, PREVIEW_ROWS, rows] as const,
  );

  const apply = page.getByRole('button', { name: `Apply to ${rows} offers` });
  await apply.waitFor();
  const applied = page.evaluate(
    (text) =>
      window.powerProbe?.until(
        () => document.querySelector('[aria-label="Notifications"]')?.textContent?.includes(text) ?? false,
        performance.now(),
      ),
    `${rows} offers updated`,
  );
  await apply.click();
  const applyPaste = (await applied) ?? null;
  await setCpu(1);
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Changes undone')
    .first()
    .waitFor({ timeout: 30_000 });

  const reloaded = await loadSelected(page, url, rows);
  await reloaded.getByRole('row').nth(1).getByRole('rowheader').dblclick();
  const price = page.getByRole('textbox', { name: 'Unit price' });
  await price.fill('9.99');
  await setCpu(cpu);
  const shown = page.evaluate(
    ([selector, count]) =>
      window.powerProbe?.until(() => document.querySelectorAll(selector).length === count, performance.now()),
    [PREVIEW_ROWS, rows] as const,
  );
  await page.keyboard.press('Control+Enter');
  const applyToSelection = (await shown) ?? null;
  await setCpu(1);
  await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  return { pastePreview: pastePreview ?? null, applyPaste, applyToSelection };
}

/** The runs share one signed-in page; the CPU is throttled only around what is measured. */
export async function measurePowerTools(
  browser: Browser,
  baseUrl: string,
  tokens: { access: string; refresh: string },
  { rows = 100, runs = 5, cpu = 1 } = {},
): Promise<PowerToolFigures> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1350, height: 900 } });
  await context.addInitScript(`
    if (localStorage.getItem('marketplace:access-token') === null) {
      localStorage.setItem('marketplace:access-token', ${JSON.stringify(JSON.stringify(tokens.access))});
      localStorage.setItem('marketplace:refresh-token', ${JSON.stringify(JSON.stringify(tokens.refresh))});
    }
    ${PROBE}
  `);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const setCpu = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const url = `/seller/manage-offers?pageSize=${rows}`;
  const results: Awaited<ReturnType<typeof powerOnce>>[] = [];
  const errors: string[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      try {
        results.push(await powerOnce(page, url, rows, run + cpu * 10, setCpu, cpu));
      } catch (error) {
        errors.push(`run ${run + 1}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`);
      }
      await setCpu(1);
    }
  } finally {
    await context.close();
  }
  const medianOf = (key: keyof (typeof results)[number]) => median(results.map((result) => result[key]));
  return {
    cpu,
    rows,
    runs: results.length,
    failed: errors.length,
    errors,
    pastePreview: medianOf('pastePreview'),
    applyPaste: medianOf('applyPaste'),
    applyToSelection: medianOf('applyToSelection'),
  };
}
