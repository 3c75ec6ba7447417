/**
 * Re-render counts on real pages, by <Profiler id> (the grid's pieces, src/ui/data-grid-profiling.tsx,
 * and the basket button's): on Offers, what renders when focus moves from one row to the
 * next, and when one offer is added to the basket; on Manage Offers with 100 rows, when
 * one row starts editing and when a character is typed into it. Figures, not assertions (the grid's
 * component tests hold the budget); written to bench-results/render-counts.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterAll, expect, it } from 'vitest';
import { BasketButton } from '@/features/basket/components/basket-button';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { GridProfiling } from '@/ui/data-grid-profiling';
import { anOffer, aProfile, someOptions } from '../support/fixtures';
import { countsOf, profilerReports } from '../support/profiled';
import { renderPage } from '../support/render';

const ROWS = 25;
const offers = Array.from({ length: ROWS }, (_, index) => anOffer({ id: index + 1, product: `Game ${index + 1}` }));
const SELLER_ROWS = 100;
const ownOffers = Array.from({ length: SELLER_ROWS }, (_, index) =>
  anOffer({ id: index + 1, product: `Title ${index + 1}` }),
);
const report: Record<string, unknown> = {};
const { onRender, reported: rendered, forget } = profilerReports();
/** The cells of a row, counted on the first row's cell Profilers once the grid has mounted. */
const cellsPerRow = (ids: readonly string[]) => new Set(ids.filter((id) => id.startsWith('cell:1:'))).size;

afterAll(() => {
  mkdirSync(join(process.cwd(), 'bench-results'), { recursive: true });
  writeFileSync(join(process.cwd(), 'bench-results', 'render-counts.json'), `${JSON.stringify(report, null, 2)}\n`);
});

it('counts what re-renders on the Offers page', async () => {
  localStorage.setItem('marketplace:page-size', JSON.stringify(ROWS));
  const { user } = renderPage(
    <OrderSubmissionProvider>
      <Profiler id="basket-button" onRender={onRender}>
        <BasketButton />
      </Profiler>
      <GridProfiling value={onRender}>
        <OffersPage />
      </GridProfiling>
    </OrderSubmissionProvider>,
    {
      path: '/offers',
      signedIn: aProfile(),
      routes: {
        'GET /api/v1/options/': { body: someOptions },
        'GET /api/v1/offers/': { body: { count: ROWS, next: null, previous: null, results: offers } },
      },
    },
  );
  const grid = await screen.findByRole('grid', { name: /offers/i });
  await within(grid).findByRole('rowheader', { name: /Game 25/ });
  const mounted = new Set(rendered.filter((id) => id.startsWith('row:'))).size;
  const columns = cellsPerRow(rendered);

  within(grid)
    .getByRole('rowheader', { name: /Game 1$/ })
    .focus();
  await user.keyboard('{ArrowDown}{ArrowUp}');
  forget();
  await user.keyboard('{ArrowDown}');
  expect(within(grid).getByRole('rowheader', { name: /Game 2$/ })).toHaveFocus();
  const focusMove = countsOf(rendered);

  // Focus goes to the row first, so the count is of adding alone, not of focus moving there.
  await user.click(within(grid).getByRole('spinbutton', { name: 'Quantity for Game 3' }));
  forget();
  await user.click(within(grid).getByRole('button', { name: 'Add Game 3 to basket' }));
  await screen.findByRole('button', { name: /Basket, 1 position/ });
  const addToBasket = countsOf(rendered);

  Object.assign(report, { rows: ROWS, columns, rowsMounted: mounted, focusMove, addToBasket });
});

it('counts what re-renders on Manage Offers when one row of 100 is edited', async () => {
  forget();
  const { user } = renderPage(
    <GridProfiling value={onRender}>
      <ManageOffersPage />
    </GridProfiling>,
    {
      path: `/seller/manage-offers?pageSize=${SELLER_ROWS}`,
      signedIn: aProfile({ email: 'seller@example.com' }),
      routes: {
        'GET /api/v1/options/': { body: someOptions },
        'GET /api/v1/manage-offers/': {
          body: { count: SELLER_ROWS, next: null, previous: null, results: ownOffers },
        },
      },
    },
  );
  const grid = await screen.findByRole('grid', { name: 'Published offers' });
  await within(grid).findByRole('rowheader', { name: `Title ${SELLER_ROWS}` });
  const columns = cellsPerRow(rendered);

  // Focus is on the row first (the double-click's first press puts it there), so the count is of
  // the edit starting alone.
  const cell = within(grid).getByRole('rowheader', { name: 'Title 3' });
  await user.click(cell);
  forget();
  await user.dblClick(cell);
  const product = await within(grid).findByRole('textbox', { name: 'Product' });
  expect(product).toHaveValue('Title 3');
  const startEdit = countsOf(rendered);

  await user.click(product);
  forget();
  await user.keyboard('x');
  expect(product).toHaveValue('Title 3x');
  const typeOne = countsOf(rendered);

  report.manageOffers = { rows: SELLER_ROWS, columns, startEdit, typeOne };
});
