/**
 * Re-render counts on the real Offers page (issue 8): which components render when focus moves
 * from one row to the next, and when one offer is added to the basket. Figures, not assertions
 * (the grid's component tests hold the budget); written to bench-results/render-counts.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BasketButton } from '@/features/basket/components/basket-button';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { anOffer, someOptions } from '../components/offers/offer-fixtures';
import { aProfile, renderPage } from '../support/render';
import { countsOf, forget, rendered } from './commit-probe';

const ROWS = 25;
const offers = Array.from({ length: ROWS }, (_, index) => anOffer({ id: index + 1, product: `Game ${index + 1}` }));

it('counts what re-renders on the Offers page', async () => {
  localStorage.setItem('marketplace:page-size', JSON.stringify(ROWS));
  const { user } = renderPage(
    <OrderSubmissionProvider>
      <BasketButton />
      <OffersPage />
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
  const mounted = rendered.filter((name) => name === 'DataGridRowView').length;

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

  const report = { rows: ROWS, rowsMounted: mounted, focusMove, addToBasket };
  mkdirSync(join(process.cwd(), 'bench-results'), { recursive: true });
  writeFileSync(join(process.cwd(), 'bench-results', 'render-counts.json'), `${JSON.stringify(report, null, 2)}\n`);
});
