/**
 * The order submission against the real API client: the calls of behaviour §4 "Submit order flow"
 * in order, one idempotency key for the checkout, the basket changed only by a placed order, and a
 * submission whose checkout got no answer confirmed after a reload, never checked out twice.
 */
import {
  selectCanSubmit,
  selectIsSubmitting,
  selectProblem,
} from '@machines/order-submission/order-submission.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { onTestFinished } from 'vitest';
import { onDataChange } from '@/core/data-events';
import { basket } from '@/core/domain/basket';
import { OrderSubmissionProvider, useOrderSubmission } from '@/features/basket/order-submission';
import { aBasketItem } from '../../support/basket';
import { type Routes, renderPage } from '../../support/render';

/** What the basket UI does with the submission: send the lines, show progress and problems. */
function SubmitBasket() {
  const order = useOrderSubmission();
  const isSubmitting = useSelector(order, selectIsSubmitting);
  const canSubmit = useSelector(order, selectCanSubmit);
  const problem = useSelector(order, selectProblem);
  const submit = () =>
    order.send({
      type: 'order.submit',
      lines: basket.items().map(({ id, offer_id, name, quantity }) => ({ id, offer_id, name, quantity })),
    });
  return (
    <main>
      <button type="button" disabled={!canSubmit} onClick={submit}>
        Submit
      </button>
      {isSubmitting && <p role="status">Sending your order</p>}
      {problem && <p role="alert">{problem}</p>}
    </main>
  );
}

const line = (id: number, name: string, quantity: number) => aBasketItem(id, { name, quantity });
const cartOf = (ids: number[]) => ({
  body: { items: ids.map((id) => ({ id })), total_items: ids.length, total_positions: ids.length, total_price: '0.00' },
});
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });
const page = () => within(screen.getByRole('main'));
const toldSent = () => waitFor(() => expect(snackbar()).toHaveTextContent('Order sent successfully!'));
const storedPending = () => JSON.parse(localStorage.getItem('marketplace:order-submission') ?? 'null');

function renderSubmission(routes: Routes) {
  return renderPage(
    <OrderSubmissionProvider>
      <SubmitBasket />
    </OrderSubmissionProvider>,
    { routes },
  );
}

/** The server side of a submission up to the checkout: an old line in the cart, then ours. */
function cartRoutes(): Routes {
  let reads = 0;
  return {
    'GET /api/v1/cart/': () => {
      reads += 1;
      return reads === 1 ? cartOf([77]) : cartOf([501, 502]);
    },
    'DELETE /api/v1/cart/remove/77/': cartOf([]),
    'POST /api/v1/cart/add/': cartOf([]),
  };
}

beforeEach(() => {
  basket.add(line(11, 'Star Quest', 3));
  basket.add(line(12, 'Moon Racer', 1));
});

describe('order submission', () => {
  it('clears the cart, adds each line, reads the cart, checks out once with a key, then updates the basket', async () => {
    const reloaded: string[] = [];
    const stop = [
      onDataChange('offers', () => reloaded.push('offers')),
      onDataChange('orders', () => reloaded.push('orders')),
      onDataChange('invoices', () => reloaded.push('invoices')),
    ];
    const { user, server } = renderSubmission({
      ...cartRoutes(),
      'POST /api/v1/cart/checkout/': { status: 201, body: { orders: [{ id: 9001 }] } },
    });
    basket.setQuantity('11', 2);
    basket.add(line(13, 'Sun Rider', 4));

    await user.click(page().getByRole('button', { name: 'Submit' }));
    await toldSent();

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/cart/',
      'DELETE /api/v1/cart/remove/77/',
      'POST /api/v1/cart/add/',
      'POST /api/v1/cart/add/',
      'POST /api/v1/cart/add/',
      'GET /api/v1/cart/',
      'POST /api/v1/cart/checkout/',
    ]);
    expect(server.callsTo('POST /api/v1/cart/add/').map((r) => r.body)).toEqual([
      { offer_id: 11, quantity: 2 },
      { offer_id: 12, quantity: 1 },
      { offer_id: 13, quantity: 4 },
    ]);
    const [checkout] = server.callsTo('POST /api/v1/cart/checkout/');
    expect(checkout?.body).toEqual({ cart_item_ids: [501, 502] });
    expect(checkout?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(basket.items()).toEqual([]);
    expect(storedPending()).toBeNull();
    // The order lists, once: nothing else shows what a checkout changed (the basket is not a list).
    expect(reloaded).toEqual(['orders']);
    for (const unsubscribe of stop) unsubscribe();
  });

  it('removes only the sent quantities: lines added while sending stay', async () => {
    const { user } = renderSubmission({
      ...cartRoutes(),
      'POST /api/v1/cart/checkout/': () => {
        basket.add(line(11, 'Star Quest', 1));
        basket.add(line(14, 'Ice Runner', 2));
        return { status: 201, body: { orders: [{ id: 9001 }] } };
      },
    });
    await user.click(page().getByRole('button', { name: 'Submit' }));
    await toldSent();

    expect(basket.items().map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: '11', quantity: 1 },
      { id: '14', quantity: 2 },
    ]);
  });

  it('keeps the basket when the cart cannot be cleared', async () => {
    const { user, server } = renderSubmission({ 'GET /api/v1/cart/': { status: 503, body: {} } });
    const before = basket.items();
    await user.click(page().getByRole('button', { name: 'Submit' }));

    expect(await page().findByRole('alert')).toHaveTextContent('Failed to clear cart');
    expect(snackbar()).toHaveTextContent('Failed to clear cart');
    expect(server.callsTo('POST /api/v1/cart/checkout/')).toHaveLength(0);
    expect(basket.items()).toEqual(before);
  });

  it('keeps the basket when a checkout fails, and confirms it after a reload instead of sending it again', async () => {
    let key = '';
    const routes: Routes = {
      ...cartRoutes(),
      'POST /api/v1/cart/checkout/': ({ headers }) => {
        key = headers.get('Idempotency-Key') ?? '';
        // Whether this checkout placed the orders is unknown; asking about its key fails too.
        routes[`GET /api/v1/cart/checkout/${key}/`] = { status: 503, body: { detail: 'Down for maintenance.' } };
        return { status: 500, body: {} };
      },
    };
    const first = renderSubmission(routes);
    const before = basket.items();
    await first.user.click(page().getByRole('button', { name: 'Submit' }));

    expect(await page().findByRole('alert')).toHaveTextContent(
      'The service is briefly unavailable. Please try again in a moment.',
    );
    expect(snackbar()).toHaveTextContent('The service is briefly unavailable. Please try again in a moment.');
    expect(page().getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(basket.items()).toEqual(before);
    const sent = before.map(({ id, offer_id, name, quantity }) => ({ id, offer_id, name, quantity }));
    expect(storedPending()).toEqual({ key, lines: sent });
    first.unmount();

    // The next visit asks about the stored key; the orders were placed after all.
    const second = renderSubmission({ [`GET /api/v1/cart/checkout/${key}/`]: { body: { orders: [{ id: 9001 }] } } });
    await toldSent();
    expect(second.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/cart/checkout/${key}/`]);
    expect(basket.items()).toEqual([]);
    expect(storedPending()).toBeNull();
    await waitFor(() => expect(page().getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('after a reload, sends nothing again when the server never received the checkout', async () => {
    const pending = { key: 'key-from-earlier', lines: [{ id: '11', offer_id: 11, name: 'Star Quest', quantity: 3 }] };
    localStorage.setItem('marketplace:order-submission', JSON.stringify(pending));
    const before = basket.items();
    const { server } = renderSubmission({ 'GET /api/v1/cart/checkout/key-from-earlier/': { status: 404, body: {} } });

    expect(await page().findByRole('alert')).toHaveTextContent('Failed to process order');
    expect(server.requests).toHaveLength(1);
    expect(basket.items()).toEqual(before);
    expect(storedPending()).toBeNull();
  });

  it('sends nothing while another tab holds the submission lock, and holds it while sending', async () => {
    const held = new Set<string>();
    const locks = {
      async request(name: string, _options: { ifAvailable: boolean }, callback: (lock: object | null) => unknown) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });
    let releaseOtherTab = () => {};
    void locks.request(
      'marketplace:order-submission',
      { ifAvailable: true },
      () => new Promise<void>((resolve) => (releaseOtherTab = resolve)),
    );

    const { user, server } = renderSubmission({
      ...cartRoutes(),
      'POST /api/v1/cart/checkout/': () => {
        expect(held.has('marketplace:order-submission')).toBe(true);
        return { status: 201, body: { orders: [{ id: 9001 }] } };
      },
    });
    const before = basket.items();
    await user.click(page().getByRole('button', { name: 'Submit' }));
    expect(await page().findByRole('alert')).toHaveTextContent('An order is being sent from another tab.');
    expect(server.requests).toHaveLength(0);
    expect(basket.items()).toEqual(before);

    releaseOtherTab();
    await waitFor(() => expect(held.size).toBe(0));
    await user.click(page().getByRole('button', { name: 'Submit' }));
    await toldSent();
    await waitFor(() => expect(held.size).toBe(0));
    expect(server.callsTo('POST /api/v1/cart/checkout/')).toHaveLength(1);
  });

  it('ignores a corrupt stored submission', async () => {
    localStorage.setItem('marketplace:order-submission', '{"key": 1');
    const { server } = renderSubmission({});
    expect(page().getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(server.requests).toHaveLength(0);
    expect(localStorage.getItem('marketplace:order-submission')).toBeNull();
  });
});
