/**
 * Time from the offers page's data arriving to its rows painted, in Chromium: the page loads with
 * 100 rows per page, a PerformanceObserver notes when the offers response ended, a MutationObserver
 * waits for the rows' headers, and the time is taken after the next frame. Repeated on fresh pages,
 * at full speed and with the CPU throttled 4× (a mid-range phone).
 */
import type { Browser } from '@playwright/test';

export interface PaintFigures {
  cpu: number;
  rows: number;
  runs: number;
  /** Milliseconds from the response's end to the frame after the last row rendered. */
  median: number;
  worst: number;
}

declare global {
  interface Window {
    /** Set by the init script: resolves when `rows` row headers are on screen. */
    rowsPainted?: Promise<{ dataAt: number; paintedAt: number }>;
  }
}

export async function measureRowsPainted(
  browser: Browser,
  baseUrl: string,
  tokens: { access: string; refresh: string },
  { rows = 100, runs = 7, cpu = 1 } = {},
): Promise<PaintFigures> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    // A string, not a function: the bench runs through tsx, whose helpers (such as `__name`)
    // would not exist in the page.
    await context.addInitScript(`
      localStorage.setItem('marketplace:access-token', ${JSON.stringify(JSON.stringify(tokens.access))});
      localStorage.setItem('marketplace:refresh-token', ${JSON.stringify(JSON.stringify(tokens.refresh))});
      localStorage.setItem('marketplace:page-size', '${rows}');
      window.rowsPainted = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('[role="grid"] [role="rowheader"]').length < ${rows}) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => {
              const offers = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes('/api/v1/offers/?'));
              resolve({ dataAt: offers.length ? offers[offers.length - 1].responseEnd : NaN, paintedAt: performance.now() });
            }),
          );
        });
        observer.observe(document, { childList: true, subtree: true });
      });
    `);
    const page = await context.newPage();
    if (cpu > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    }
    await page.goto('/offers');
    const { dataAt, paintedAt } = await page.evaluate(
      () => window.rowsPainted ?? Promise.reject(new Error('no probe')),
    );
    times.push(paintedAt - dataAt);
    await context.close();
  }
  times.sort((a, b) => a - b);
  return { cpu, rows, runs, median: times[Math.floor(times.length / 2)] ?? 0, worst: times.at(-1) ?? 0 };
}
