/**
 * Fault suite (behaviour §8): for each journey, each API call it makes fails once with a network
 * error, a 500, a malformed JSON body and a 401 whose refresh is refused too. The calls are those
 * a clean run of the journey records; the cases are journey × call × fault (fault-table.ts). One
 * page per journey: a case starts where the one before ended, and a retry carries the journey on.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { basketButton, basketLines, basketPopover, notice, offersGrid, searchOffers } from '../journeys';
import {
  type ApiOffer,
  type ApiOrder,
  apiAs,
  counteredOrder,
  countOrders,
  dataOf,
  orderableOffers,
  orderById,
} from '../marketplace-api';
import { CLIENT, SELLER, startSignedIn } from '../support';
import { type Call, FaultInjector } from './fault-injector';
import { goTo, type Journey, runFaultTable, selfRecovered } from './fault-table';

// Dozens of cases per journey on one page: near two minutes for the suite on a quiet 2-core
// machine, but the longest journey (28 cases) alone took three with other work beside it.
test.describe.configure({ timeout: 360_000 });
test.use({ timezoneId: 'UTC' });

const OPTIONS: Call = 'GET /api/v1/options/';
const injected = new Map<string, number>();

test.afterAll(() => {
  const total = [...injected.values()].reduce((sum, count) => sum + count, 0);
  console.log(`faults injected: ${total} across ${injected.size} journeys`);
  if (selfRecovered.length > 0) console.log(`recovered by the app itself: ${selfRecovered.join('; ')}`);
});

/** Runs the table for `journey` and keeps its count for the summary line. */
async function table(page: Page, faults: FaultInjector, journey: Journey) {
  const { calls, cases } = await runFaultTable(page, faults, journey);
  injected.set(journey.name, faults.injected);
  console.log(`${journey.name}: ${cases} cases over ${calls.length} calls (${calls.join(', ')})`);
}

async function withFaults(page: Page) {
  const faults = new FaultInjector(page);
  await faults.install();
  return faults;
}

const myAccount = (page: Page) => page.getByRole('heading', { level: 1, name: 'My Account' });

/** Client journeys start on My Account (no list, no filter choices); `cold` loads it afresh. */
async function startOnMyAccount(page: Page, cold: boolean) {
  if (cold) await page.goto('/profile');
  else await goTo(page, '/profile');
  await expect(myAccount(page)).toBeVisible();
}

const storedBasket = (page: Page) => page.evaluate(() => localStorage.getItem('marketplace:basket'));

/** A basket line as the app stores it (src/core/domain/basket.logic.ts). */
const basketLine = (offer: ApiOffer, quantity: number) => ({
  id: String(offer.id),
  offer_id: offer.id,
  name: offer.product,
  price: Number(offer.unit_price),
  quantity,
  hot: false,
  publisher: offer.publisher,
  seller: offer.seller,
  region: offer.region,
});

test('sign-in', async ({ page }) => {
  const faults = await withFaults(page);
  await page.goto('/signin');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await table(page, faults, {
    name: 'sign-in',
    email: CLIENT,
    begin: async (index) => {
      if (index === 0) return;
      // Log Out brings the form back without a reload (and keeps the basket).
      await goTo(page, '/signout');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    },
    steps: () => [
      {
        name: 'sign in and land on Offers',
        run: async () => {
          await email.fill(CLIENT);
          await password.fill('Demo-pass-2026');
          await page.getByRole('button', { name: 'Sign in' }).click();
        },
        done: () => offersGrid(page).getByRole('row').nth(1),
      },
    ],
    commit: 'POST /api/v1/token',
    kept: async () => {
      await expect(email).toHaveValue(CLIENT);
      await expect(password).toHaveValue('Demo-pass-2026');
    },
    resume: async () => {
      await expect(offersGrid(page).getByRole('row').nth(1)).toBeVisible();
    },
    appliedOnce: async () => {},
    message: (call, fault) =>
      call === 'POST /api/v1/token' && fault === 'session ended'
        ? 'No active account found with the given credentials'
        : undefined,
  });
});

test('add to basket', async ({ page, request }) => {
  const faults = await withFaults(page);
  const api = await apiAs(request, CLIENT);
  const offers = await orderableOffers(api, 2, { offset: 20 });
  const [kept, added] = offers as [ApiOffer, ApiOffer];
  await startSignedIn(page, request, CLIENT, { basket: [basketLine(kept, 3)] });
  await page.goto('/profile');
  let basketBefore: string | null = null;
  const quantity = () => offersGrid(page).getByRole('spinbutton', { name: `Quantity for ${added.product}` });
  await table(page, faults, {
    name: 'add to basket',
    email: CLIENT,
    begin: async (index, call) => {
      await startOnMyAccount(page, index > 0 && call === OPTIONS);
      basketBefore = await storedBasket(page);
    },
    steps: (index) => [
      {
        name: 'open Offers',
        run: () => goTo(page, '/offers'),
        done: () => offersGrid(page).getByRole('row').nth(1),
      },
      {
        name: 'find the offer',
        run: () => page.getByRole('searchbox', { name: 'Search products' }).fill(added.product),
        done: () => offersGrid(page).getByRole('rowheader', { name: added.product }),
      },
      {
        name: 'add it',
        run: async () => {
          await quantity().fill(String(index + 1));
          await offersGrid(page)
            .getByRole('button', { name: `Add ${added.product} to basket`, exact: true })
            .click();
        },
        done: () => notice(page).filter({ hasText: `Added ${index + 1} × ${added.product} to the basket` }),
      },
    ],
    // Adding is the browser's own; the lists before it are what can fail.
    commit: 'GET /api/v1/offers/',
    kept: async () => {
      expect(await storedBasket(page)).toBe(basketBefore);
    },
    resume: async (index) => {
      expect(await storedBasket(page)).toBe(basketBefore);
      await searchOffers(page, added.product);
      await quantity().fill(String(index + 1));
      await offersGrid(page)
        .getByRole('button', { name: `Add ${added.product} to basket`, exact: true })
        .click();
    },
    appliedOnce: async (index) => {
      // The added line holds this case's quantity once, and the line that was there is untouched.
      const lines = JSON.parse((await storedBasket(page)) ?? '[]') as { offer_id: number; quantity: number }[];
      expect(lines.find((line) => line.offer_id === kept.id)?.quantity).toBe(3);
      const before = JSON.parse(basketBefore ?? '[]') as { offer_id: number; quantity: number }[];
      const had = before.find((line) => line.offer_id === added.id)?.quantity ?? 0;
      expect(lines.find((line) => line.offer_id === added.id)?.quantity).toBe(had + index + 1);
      // Nothing goes to the server when adding.
      expect(faults.writes()).toEqual({});
    },
  });
});

test('submit an order', async ({ page, request, context }) => {
  const faults = await withFaults(page);
  const api = await apiAs(request, CLIENT);
  const [offer] = (await orderableOffers(api, 1, { offset: 30 })) as [ApiOffer];
  await startSignedIn(page, request, CLIENT);
  // A second tab of the same browser fills the basket between cases, as the app shares it by tab.
  const filler = await context.newPage();
  await filler.goto('/theme-init.js');
  await page.goto('/profile');
  let basket = '';
  let ordersBefore = 0;
  const popover = basketPopover(page);
  const openAndSubmit = async () => {
    await basketButton(page).click();
    await popover.getByRole('button', { name: 'Submit' }).click();
  };
  await table(page, faults, {
    name: 'submit an order',
    email: CLIENT,
    begin: async (index, call) => {
      await startOnMyAccount(page, index > 0 && call === OPTIONS);
      // A cart left on the server from before, which sending empties first.
      await dataOf(api.POST('/api/v1/cart/add/', { body: { offer_id: offer.id, quantity: 1 } }));
      const lines = [basketLine(offer, index + 1)];
      basket = JSON.stringify(lines);
      await filler.evaluate((value) => localStorage.setItem('marketplace:basket', value), basket);
      await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 1 position/);
      ordersBefore = await countOrders(api);
    },
    steps: (index) => [
      {
        name: 'open the basket',
        run: () => basketButton(page).click(),
        done: () => popover.getByRole('button', { name: 'Submit' }),
        // The popover stays open with the check's problem: close it and open it again.
        retry: async () => {
          await page.keyboard.press('Escape');
          await expect(popover).toHaveCount(0);
          await basketButton(page).click();
        },
      },
      {
        name: 'send it',
        run: () => popover.getByRole('button', { name: 'Submit' }).click(),
        done: () =>
          page
            .getByRole('grid', { name: 'In Progress orders' })
            .getByRole('row')
            .filter({ hasText: String(index + 1) })
            .first(),
      },
    ],
    commit: 'POST /api/v1/cart/checkout/',
    // Sending starts by emptying the server's cart and filling it from the basket, every time.
    repeatable: ['DELETE /api/v1/cart/remove/{id}/', 'POST /api/v1/cart/add/'],
    kept: async (index) => {
      expect(await storedBasket(page)).toBe(basket);
      await expect(basketLines(popover).getByRole('listitem')).toHaveCount(1);
      await expect(basketLines(popover).getByRole('textbox')).toHaveValue(String(index + 1));
    },
    resume: async () => {
      // Nothing to do again when the session ended after the order went (on My Orders).
      if ((await storedBasket(page)) === '[]') return;
      expect(await storedBasket(page)).toBe(basket);
      await openAndSubmit();
      await expect(notice(page)).toHaveText('Order sent successfully!');
    },
    appliedOnce: async (index) => {
      expect(await countOrders(api)).toBe(ordersBefore + 1);
      const [newest] = (
        await dataOf(api.GET('/api/v1/orders/', { params: { query: { ordering: '-created_at', limit: 1 } } }))
      ).results;
      expect(newest?.lines.map((line) => [line.offer_id, line.quantity])).toEqual([[offer.id, index + 1]]);
      expect(await storedBasket(page)).toBe('[]');
    },
    // behaviour §8 names the cart steps' failures; a checkout whose answer was lost is looked up
    // by its key and, not found, reads 'Failed to process order'.
    message: (call, fault) => {
      if (call === 'GET /api/v1/cart/' || call === 'DELETE /api/v1/cart/remove/{id}/') return 'Failed to clear cart';
      if (call === 'POST /api/v1/cart/add/') return `Failed to add ${offer.product} to cart`;
      if (call === 'POST /api/v1/cart/checkout/') return fault === 'malformed JSON' ? null : 'Failed to process order';
      return undefined;
    },
  });
});

test('answer a counter-offer', async ({ page, request }) => {
  const faults = await withFaults(page);
  const api = await apiAs(request, CLIENT);
  const [offer] = (await orderableOffers(api, 1, { offset: 40 })) as [ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await page.goto('/profile');
  let order: ApiOrder | null = null;
  const placed = () => {
    if (!order) throw new Error('The order was not placed yet');
    return order;
  };
  const dialog = () => page.getByRole('dialog', { name: `Order #${order?.id}` });
  const orderLink = () =>
    page
      .getByRole('grid', { name: 'In Progress orders' })
      .getByRole('rowheader', { name: `#${order?.id}`, exact: true })
      .getByRole('link');
  // Even cases accept, odd ones decline (confirmed in a second dialog).
  const answer = async (index: number) => {
    if (index % 2 === 0) return dialog().getByRole('button', { name: 'Accept counter-offer' }).click();
    await dialog().getByRole('button', { name: 'Decline', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Decline the counter-offer?' })
      .getByRole('button', { name: 'Decline counter-offer' })
      .click();
  };
  const answered = (index: number) => (index % 2 === 0 ? 'Counter-offer accepted' : 'Counter-offer declined');
  await table(page, faults, {
    name: 'answer a counter-offer',
    email: CLIENT,
    begin: async (index, call) => {
      order = await counteredOrder(request, offer);
      await startOnMyAccount(page, index > 0 && call === OPTIONS);
    },
    steps: (index) => [
      {
        name: 'open My Orders',
        run: () => goTo(page, '/orders/inprogress'),
        done: () => orderLink(),
      },
      {
        name: 'open the order',
        run: () => orderLink().click(),
        done: () => dialog().getByRole('button', { name: 'Accept counter-offer' }),
      },
      {
        name: 'answer the counter-offer',
        run: () => answer(index),
        done: () =>
          dialog()
            .getByRole('definition')
            .filter({ hasText: answered(index) }),
      },
    ],
    commit: 'POST /api/v1/orders/{id}/counter/response/',
    kept: async (_, fault) => {
      // Nothing typed: the order still waits for the answer, which can be given again.
      if (fault === 'malformed JSON') return;
      expect((await orderById(api, placed().id)).negotiation).toBe('counter_proposed');
    },
    resume: async (index) => {
      await goTo(page, '/orders/inprogress');
      await orderLink().click();
      await answer(index);
      await expect(
        dialog()
          .getByRole('definition')
          .filter({ hasText: answered(index) }),
      ).toBeVisible();
    },
    appliedOnce: async (index) => {
      const now = await orderById(api, placed().id);
      expect(now.negotiation).toBe(index % 2 === 0 ? 'counter_accepted' : 'counter_declined');
      // Focus stayed in the dialog through the answer and the order's reload: Escape closes it.
      await page.keyboard.press('Escape');
      await expect(dialog()).toHaveCount(0);
    },
  });
});

/** Seller offers with a product name no other offer of theirs contains, from the list's default order. */
async function namedOffers(
  request: APIRequestContext,
  publishType: 'published' | 'unpublished',
  count: number,
  offset: number,
) {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: {
        query: {
          publishType,
          limit: 100,
          offset,
        },
      },
    }),
  );
  const chosen: ApiOffer[] = [];
  for (const offer of results) {
    if (chosen.length === count) break;
    const named = await dataOf(
      api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
    );
    if (named.count === 1) chosen.push(offer);
  }
  expect(chosen).toHaveLength(count);
  return chosen;
}

async function currentOffer(request: APIRequestContext, offer: ApiOffer): Promise<ApiOffer> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: {
        query: {
          search: offer.product,
          limit: 1,
        },
      },
    }),
  );
  const [found] = results;
  if (found?.id !== offer.id) throw new Error(`Offer ${offer.id} is not found by its name`);
  return found;
}

test('edit a row', async ({ page, request }) => {
  const faults = await withFaults(page);
  const [offer] = (await namedOffers(request, 'published', 1, 40)) as [ApiOffer];
  await startSignedIn(page, request, SELLER);
  const grid = page.getByRole('grid', { name: 'Published offers' });
  const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: offer.product, exact: true }) });
  const price = grid.getByRole('textbox', { name: 'Unit price' });
  const update = grid.getByRole('button', { name: `Update ${offer.product}`, exact: true });
  const retry = row.getByRole('button', { name: `Retry ${offer.product}`, exact: true });
  const priceOf = (index: number) => `${20 + index}.25`;
  const euros = (index: number) => `€${20 + index}.25`;
  let version = 0;
  await table(page, faults, {
    name: 'edit a row',
    email: SELLER,
    begin: async (index) => {
      if (index === 0) await page.goto(`/seller/manage-offers?search=${encodeURIComponent(offer.product)}`);
      await expect(row).toBeVisible();
      version = (await currentOffer(request, offer)).version;
    },
    steps: (index) => [
      {
        name: 'edit the price',
        run: async () => {
          await row.getByRole('gridcell', { name: offer.publisher, exact: true }).dblclick();
          await price.fill(priceOf(index));
        },
        done: () => update,
      },
      {
        name: 'save',
        run: () => update.click(),
        done: () => row.getByRole('gridcell', { name: euros(index), exact: true }),
        // The save goes on in the background: a failed one leaves the row "Not saved" with its Retry.
        retry: () => retry.click(),
      },
    ],
    commit: 'POST /api/v1/manage-offers/update/',
    kept: async (index) => {
      // Before the save was sent the row is still open with the price typed; after it, the row
      // says it is not saved and keeps the price for its Retry (checked once the retry lands).
      await expect(price.or(retry).first()).toBeVisible();
      if (await price.isVisible()) {
        await expect(price).toHaveValue(priceOf(index));
        await expect(update).toBeEnabled();
      } else {
        await expect(row).toContainText('Not saved:');
      }
    },
    resume: async (index) => {
      // The seller lands on Manage Offers, where an unsaved edit is offered back (none when the
      // session ended after the save, as the list reloaded).
      const banner = page.getByRole('region', { name: 'Unsaved edit' });
      await expect(
        banner.or(page.getByRole('grid', { name: 'Published offers' }).getByRole('row').nth(1)).first(),
      ).toBeVisible();
      if (await banner.isVisible()) {
        await banner.getByRole('button', { name: 'Resume editing' }).click();
        await expect(price).toHaveValue(priceOf(index));
        await update.click();
        await expect(notice(page)).toHaveText('Offer updated');
      }
      await goTo(page, `/seller/manage-offers?search=${encodeURIComponent(offer.product)}`);
      await expect(row.getByRole('gridcell', { name: euros(index), exact: true })).toBeVisible();
    },
    appliedOnce: async (index) => {
      expect(await currentOffer(request, offer)).toMatchObject({ unit_price: priceOf(index), version: version + 1 });
    },
  });
});

test('bulk publish', async ({ page, request }) => {
  const faults = await withFaults(page);
  const offers = await namedOffers(request, 'unpublished', 20, 0);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  const grid = page.getByRole('grid', { name: 'Unpublished offers' });
  const checkbox = (index: number) =>
    grid.getByRole('checkbox', { name: `Select ${offers[index]?.product}`, exact: true });
  const bar = page.getByRole('group', { name: 'Selected offers' });
  const publish = async () => {
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Publish offers' })
      .getByRole('button', { name: 'Publish 1 offer' })
      .click();
  };
  await table(page, faults, {
    name: 'bulk publish',
    email: SELLER,
    begin: async (index) => {
      await expect(checkbox(index)).toBeVisible();
    },
    steps: (index) => [
      {
        name: 'select an offer',
        run: () => checkbox(index).click(),
        done: () => bar.filter({ hasText: '1 selected' }),
      },
      {
        // Done when the offer leaves the Unpublished list; when an answer was lost after the
        // server published it, the reloaded list already shows that, with nothing to do again.
        name: 'publish it',
        run: publish,
        done: () => checkbox(index),
        doneWhenGone: true,
        retry: async () => {
          if (await checkbox(index).isVisible()) await publish();
        },
      },
    ],
    commit: 'POST /api/v1/manage-offers/publish/',
    kept: async (index, fault) => {
      // Unless the server did publish it (its answer lost on the way back), it stays selected.
      if (fault === 'malformed JSON') return;
      await expect(checkbox(index)).toBeChecked();
      await expect(bar.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
    },
    resume: async (index) => {
      await goTo(page, '/seller/manage-offers/unpublished');
      // The session may have ended after the offer was published (the list reload failed).
      if ((await currentOffer(request, offers[index] as ApiOffer)).is_published) return;
      await checkbox(index).click();
      await publish();
      await expect(notice(page).filter({ hasText: '1 offer published' })).toBeVisible();
    },
    appliedOnce: async (index) => {
      expect((await currentOffer(request, offers[index] as ApiOffer)).is_published).toBe(true);
      await expect(checkbox(index)).toHaveCount(0);
    },
  });
});

test('upload a CSV', async ({ page, request }) => {
  const faults = await withFaults(page);
  const api = await apiAs(request, SELLER);
  const options = await dataOf(api.GET('/api/v1/options/'));
  const store = options.sellers.find((seller) => seller.is_own);
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const run = Date.now();
  const tag = (index: number) => `Fault upload ${run}-${index}`;
  const file = (index: number) => ({
    name: `faults-${index}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'product,publisher,seller,region,type,hot,unit_price,start,end\r\n' +
        `${tag(index)},${options.publishers[0]?.name},${store?.name},${options.regions[0]?.code},regular,false,9.50,${start},${end}\r\n`,
    ),
  });
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  const dialog = page.getByRole('dialog', { name: 'Upload offers' });
  const choose = async (index: number) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a CSV file…' }).click();
    await (await chooser).setFiles(file(index));
  };
  const uploaded = () => dialog.getByText('1 offer uploaded.');
  const duplicate = dialog.getByRole('alert').filter({ hasText: 'Upload it again anyway?' });
  const unpublishedWith = async (index: number) =>
    (
      await dataOf(
        api.GET('/api/v1/manage-offers/', { params: { query: { publishType: 'unpublished', search: tag(index) } } }),
      )
    ).count;
  await table(page, faults, {
    name: 'upload a CSV',
    email: SELLER,
    begin: async () => {
      await expect(page.getByRole('button', { name: 'Upload CSV' })).toBeVisible();
    },
    steps: (index) => [
      {
        name: 'open the upload',
        run: () => page.getByRole('button', { name: 'Upload CSV' }).click(),
        done: () => dialog.getByRole('button', { name: 'Choose a CSV file…' }),
      },
      // Sent again after an answer that was lost, the file is known: the dialog asks first.
      { name: 'send the file', run: () => choose(index), done: () => uploaded().or(duplicate) },
      {
        name: 'close and see it listed',
        run: async () => {
          if (await duplicate.isVisible()) await dialog.getByRole('button', { name: 'Don’t upload' }).click();
          await page.keyboard.press('Escape');
        },
        done: () => page.getByRole('grid', { name: 'Unpublished offers' }).getByRole('rowheader', { name: tag(index) }),
      },
    ],
    commit: 'POST /api/v1/offers/upload/',
    kept: async () => {
      await expect(dialog).toBeVisible();
    },
    resume: async (index) => {
      await goTo(page, '/seller/manage-offers/unpublished');
      await page.getByRole('button', { name: 'Upload CSV' }).click();
      await choose(index);
      // The session may have ended after the file was taken (the list reload failed): it is known.
      await expect(uploaded().or(duplicate)).toBeVisible();
      if (await duplicate.isVisible()) await dialog.getByRole('button', { name: 'Don’t upload' }).click();
      await page.keyboard.press('Escape');
    },
    appliedOnce: async (index) => {
      expect(await unpublishedWith(index)).toBe(1);
      await expect(dialog).toHaveCount(0);
    },
    message: (call, fault) => {
      if (call !== 'POST /api/v1/offers/upload/') return undefined;
      if (fault === 'network error') return 'Upload failed: no answer from the server';
      if (fault === 'server error') return 'Upload failed: Internal Server Error';
      return undefined;
    },
  });
});
