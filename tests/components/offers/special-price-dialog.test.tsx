import { screen, waitFor, within } from '@testing-library/react';
import { onDataChange } from '@/core/data-events';
import { SpecialPriceAction } from '@/features/offers/components/special-price-action';
import { anOrder, aProfile, aReadOffer } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const REQUEST = 'POST /api/v1/orders/request-special-price/';
const offer = aReadOffer({ product: 'Starfall Tactics', unit_price: '12.50' });

async function openDialog(routes: Routes = {}) {
  const page = renderPage(<SpecialPriceAction offer={offer} />, { signedIn: aProfile(), routes });
  await page.user.click(screen.getByRole('button', { name: 'Ask for a special price on Starfall Tactics' }));
  // The dialog's code loads on the first press.
  const dialog = await screen.findByRole('dialog', { name: 'Ask for a special price' });
  return { ...page, dialog };
}

const priceField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Desired unit price/ });
const quantityField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Quantity' });

describe('Ask for a special price', () => {
  it('names the offer and its list price', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Starfall Tactics, Nebula Works / Pixel Traders / Europe: list price €12.50');
    expect(quantityField(dialog)).toHaveValue('1');
  });

  it('refuses a price that is not below the list price, on blur and on submit', async () => {
    const { dialog, user, server } = await openDialog();
    await user.type(priceField(dialog), '12.5');
    await user.tab();
    expect(priceField(dialog)).toHaveValue('12.50');
    expect(priceField(dialog)).toBeInvalid();
    expect(priceField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining('The price must be below the list price of €12.50.'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(priceField(dialog)).toHaveFocus();
    expect(server.callsTo(REQUEST)).toHaveLength(0);
  });

  it('keeps only digits and one dot with two decimals in the price', async () => {
    const { dialog, user } = await openDialog();
    await user.type(priceField(dialog), '€9,5.456');
    expect(priceField(dialog)).toHaveValue('95.45');
  });

  it('sends the request, says where to follow it and reloads the orders', async () => {
    const ordersChanged = vi.fn();
    const stop = onDataChange('orders', ordersChanged);
    const { dialog, user, server } = await openDialog({ [REQUEST]: { status: 201, body: anOrder() } });
    await user.clear(quantityField(dialog));
    await user.type(quantityField(dialog), '40');
    await user.type(priceField(dialog), '9.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'For a spring bundle');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText(/Your request was sent\. Follow it in/)).toHaveTextContent(
      'Your request was sent. Follow it in My Orders: In Progress',
    );
    expect(within(dialog).getByRole('link', { name: 'My Orders: In Progress' })).toHaveAttribute(
      'href',
      '/orders/inprogress',
    );
    expect(server.callsTo(REQUEST)[0]?.body).toEqual({
      offer_id: 11,
      quantity: 40,
      unit_price: '9.50',
      note: 'For a spring bundle',
    });
    expect(ordersChanged).toHaveBeenCalledOnce();
    stop();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cannot send twice while the request is in flight', async () => {
    const answer = deferred<Reply>();
    const { dialog, user, server } = await openDialog({ [REQUEST]: () => answer.promise });
    await user.type(priceField(dialog), '10');
    const send = within(dialog).getByRole('button', { name: /Send request/ });
    await user.click(send);
    await user.click(send);
    expect(server.callsTo(REQUEST)).toHaveLength(1);
    answer.resolve({ status: 201, body: anOrder() });
    expect(await within(dialog).findByRole('link', { name: 'My Orders: In Progress' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields", async () => {
    const { dialog, user } = await openDialog({
      [REQUEST]: { status: 400, body: { unit_price: ['Ask for less than the current price of €11.00.'] } },
    });
    await user.type(priceField(dialog), '11.20');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() =>
      expect(priceField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining('Ask for less than the current price of €11.00.'),
      ),
    );
    expect(priceField(dialog)).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
