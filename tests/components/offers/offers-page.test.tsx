import { screen, waitFor, within } from '@testing-library/react';
import { basket, MAX_POSITIONS } from '@/core/domain/basket';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { aBasketItem } from '../../support/basket';
import { captureDownloads, csvRecordsOf } from '../../support/downloads';
import { anOffer, aProfile, someOptions } from '../../support/fixtures';
import { type RenderPageOptions, renderPage, type SeenRequest } from '../../support/render';

const LIST = 'GET /api/v1/offers/';
const starfall = anOffer({ id: 11, product: 'Starfall Tactics', is_hot: true, unit_price: '1234.50' });
const ember = anOffer({ id: 12, product: 'Ember Rising', publisher: 'Quartz Games', unit_price: '8.00' });

/** Answers every list request with `offers` (none when a search matches nothing). */
function renderOffers(options: RenderPageOptions & { offers?: ReturnType<typeof anOffer>[] } = {}) {
  const { offers = [starfall, ember], ...rest } = options;
  const page = renderPage(<OffersPage />, {
    path: '/offers',
    signedIn: aProfile(),
    ...rest,
    routes: {
      'GET /api/v1/options/': { body: someOptions },
      [LIST]: ({ query }: SeenRequest) => {
        const results = query.get('search') === 'nothing' ? [] : offers;
        return { body: { count: results.length, next: null, previous: null, results } };
      },
      ...rest.routes,
    },
  });
  const lastQuery = () => Object.fromEntries(page.server.callsTo(LIST).at(-1)?.query ?? []);
  const url = () => page.location.history?.at(-1) ?? '';
  return { ...page, lastQuery, url };
}

const grid = () => screen.getByRole('grid', { name: /offers/ });
const downloads = captureDownloads();
const row = (product: string) => within(grid()).getByRole('row', { name: new RegExp(product) });

describe('OffersPage', () => {
  it('lists regular offers, newest first, with the columns of the contract', async () => {
    const { lastQuery } = renderOffers();
    const starfallRow = await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(lastQuery()).toEqual({ type: 'regular', ordering: '-start_date', limit: '10', offset: '0' });
    expect(within(starfallRow).getByRole('rowheader')).toHaveTextContent('Starfall Tactics Hot');
    expect(starfallRow).toHaveTextContent('Nebula Works');
    expect(starfallRow).toHaveTextContent('Pixel Traders');
    expect(starfallRow).toHaveTextContent('€1,234.50');
    expect(within(row('Ember Rising')).getByRole('rowheader')).not.toHaveTextContent('Hot');
    expect(within(grid()).getByRole('columnheader', { name: /Start/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads the list and the filter options once, also under StrictMode', async () => {
    const { server } = renderOffers({ strict: true });
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(server.callsTo(LIST)).toHaveLength(1);
    expect(server.callsTo('GET /api/v1/options/')).toHaveLength(1);
  });

  it('lists promo offers on the promo tab', async () => {
    const { lastQuery } = renderOffers({ path: '/offers/promo' });
    expect(await screen.findByRole('grid', { name: 'Promo offers' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery().type).toBe('promo'));
  });

  it('drops bad values in the URL and keeps the good ones', async () => {
    const { lastQuery } = renderOffers({
      path: '/offers?publisher=abc&region=2&ordering=price&page=0&start_date=2026-02-31',
    });
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(lastQuery()).toEqual({ type: 'regular', ordering: '-start_date', limit: '10', offset: '0', region: '2' });
  });

  it('reads filters, ordering and page from the URL', async () => {
    const { lastQuery } = renderOffers({
      path: '/offers/regular?publisher=3&search=star&ordering=unit_price&page=2&start_date=2026-11-01&end_date=2026-11-30',
      offers: Array.from({ length: 12 }, (_, index) => anOffer({ id: index + 1, product: `Game ${index + 1}` })),
    });
    await screen.findByRole('row', { name: /Game 1\b/ });
    expect(lastQuery()).toEqual({
      type: 'regular',
      ordering: 'unit_price',
      limit: '10',
      offset: '10',
      publisher: '3',
      search: 'star',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('star');
  });

  it('filters by publisher and region through the URL', async () => {
    const { user, lastQuery, url } = renderOffers();
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    await user.click(screen.getByRole('button', { name: /Publisher/ }));
    await user.click(await screen.findByRole('option', { name: 'Quartz Games' }));
    await waitFor(() => expect(lastQuery().publisher).toBe('4'));
    expect(url()).toBe('/offers?publisher=4');

    await user.click(screen.getByRole('button', { name: /Region/ }));
    await user.click(await screen.findByRole('option', { name: 'North America' }));
    await waitFor(() => expect(lastQuery().region).toBe('1'));
    expect(url()).toBe('/offers?publisher=4&region=1');
  });

  it('searches once the typing pauses, not on every keystroke', async () => {
    const { user, server, lastQuery, url } = renderOffers();
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    const before = server.callsTo(LIST).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'ember');
    await waitFor(() => expect(lastQuery().search).toBe('ember'));
    expect(server.callsTo(LIST)).toHaveLength(before + 1);
    expect(url()).toBe('/offers?search=ember');
  });

  it('keeps hot offers only with "Hot only", in the URL and in the export of either tab', async () => {
    const { user, lastQuery, url } = renderOffers({ path: '/offers/promo' });
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    const hotOnly = screen.getByRole('switch', { name: 'Hot only' });
    expect(hotOnly).not.toBeChecked();
    await user.click(hotOnly);
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'promo', is_hot: 'true' }));
    expect(url()).toBe('/offers/promo?is_hot=true');
    expect(hotOnly).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(lastQuery()).toEqual({ type: 'promo', is_hot: 'true', ordering: '-start_date', limit: '100', offset: '0' });
    const lines = await csvRecordsOf(downloads[0]);
    expect(lines[0]).toBe('Product,Publisher,Seller,Region,Type,Hot,Start,End,Unit price (EUR)');
    expect(lines[1]).toMatch(/^Starfall Tactics,Nebula Works,Pixel Traders,.*,yes,.*,1234\.50$/);

    // Off again: every offer, and the filter leaves the URL.
    await user.click(hotOnly);
    await waitFor(() => expect(url()).toBe('/offers/promo'));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('is_hot'));
  });

  it('filters by a validity range', async () => {
    const { user, lastQuery, url } = renderOffers();
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    // The picker loads on first use and opens its calendar; closing it leaves focus on its calendar button.
    await user.click(screen.getByRole('button', { name: 'Valid between: Any dates' }));
    const calendar = await screen.findByRole('dialog');
    await waitFor(() => expect(calendar).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const range = screen.getByRole('group', { name: 'Valid between' });
    await waitFor(() => expect(range).toContainElement(document.activeElement as HTMLElement));
    // Day first: dd/mm/yyyy for each end.
    await user.click(within(range).getAllByRole('spinbutton')[0] as HTMLElement);
    await user.keyboard('01112026');
    await user.keyboard('30112026');
    await waitFor(() => expect(lastQuery()).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-30' }));
    expect(url()).toBe('/offers?start_date=2026-11-01&end_date=2026-11-30');
  });

  it('shows the validity range of the URL before its picker loads, and clears it', async () => {
    const { user, lastQuery, url } = renderOffers({ path: '/offers?start_date=2026-11-01&end_date=2026-11-30' });
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(screen.getByRole('group', { name: 'Valid between' })).toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Valid between: 1 November 2026 to 30 November 2026' });
    expect(open).toHaveTextContent('01/11/2026 – 30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Clear Valid between' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('start_date'));
    expect(url()).toBe('/offers');
    expect(open).toHaveAccessibleName('Valid between: Any dates');
    expect(open).toHaveFocus();
  });

  it('sorts by a clicked header, then the other way', async () => {
    const { user, lastQuery, url } = renderOffers();
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    await user.click(within(grid()).getByRole('columnheader', { name: /Unit price/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('unit_price'));
    expect(url()).toBe('/offers?ordering=unit_price');
    await user.click(within(grid()).getByRole('columnheader', { name: /Unit price/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('-unit_price'));
  });

  it('refuses a quantity below 1: the field is marked and Add waits for a whole number', async () => {
    const { user } = renderOffers();
    const starfallRow = await screen.findByRole('row', { name: /Starfall Tactics/ });
    const quantity = within(starfallRow).getByRole('spinbutton', { name: 'Quantity for Starfall Tactics' });
    const add = within(starfallRow).getByRole('button', { name: 'Add Starfall Tactics to basket' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(add).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(add).toBeEnabled();
  });

  it('adds an offer to the basket with the chosen quantity', async () => {
    const { user } = renderOffers();
    const starfallRow = await screen.findByRole('row', { name: /Starfall Tactics/ });
    const quantity = within(starfallRow).getByRole('spinbutton', { name: 'Quantity for Starfall Tactics' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(starfallRow).getByRole('button', { name: 'Add Starfall Tactics to basket' }));

    expect(basket.items()).toEqual([
      {
        id: '11',
        offer_id: 11,
        name: 'Starfall Tactics',
        price: 1234.5,
        quantity: 2,
        hot: true,
        publisher: 'Nebula Works',
        seller: 'Pixel Traders',
        region: 'Europe',
      },
    ]);
    expect(within(starfallRow).getByText('2 in basket')).toBeInTheDocument();
    expect(within(row('Ember Rising')).queryByText(/in basket/)).not.toBeInTheDocument();
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(snackbar).toHaveTextContent('Added 2 × Starfall Tactics to the basket'));
  });

  it('refuses a new offer for a full basket and says why, but adds more of one already in it', async () => {
    const lines = Array.from({ length: MAX_POSITIONS }, (_, index) => aBasketItem(1000 + index));
    for (const line of lines) basket.add(line);
    const { user } = renderOffers();
    const starfallRow = await screen.findByRole('row', { name: /Starfall Tactics/ });
    await user.click(within(starfallRow).getByRole('button', { name: 'Add Starfall Tactics to basket' }));

    expect(basket.items()).toHaveLength(MAX_POSITIONS);
    expect(basket.items().some((line) => line.offer_id === 11)).toBe(false);
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() =>
      expect(snackbar).toHaveTextContent(
        `Your basket holds at most ${MAX_POSITIONS} offers. Send it, or remove an offer, before adding another.`,
      ),
    );
  });

  it('says when nothing matches and resets the filters', async () => {
    const { user, lastQuery, url } = renderOffers({ path: '/offers?search=nothing&region=2&ordering=product' });
    expect(await screen.findByText('No offers match these filters')).toBeInTheDocument();
    // One in the filter bar, one under the message that nothing matches: the latter is pressed here.
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    expect(resets).toHaveLength(2);
    await user.click(resets[1] as HTMLElement);
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(lastQuery()).toEqual({ type: 'regular', ordering: 'product', limit: '10', offset: '0' });
    expect(url()).toBe('/offers?ordering=product');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('resets the filters from the filter bar while offers are shown, keeping the ordering', async () => {
    const { user, url } = renderOffers({ path: '/offers?region=2&ordering=product' });
    await screen.findByRole('row', { name: /Starfall Tactics/ });
    await user.click(
      within(screen.getByRole('group', { name: 'Offer filters' })).getByRole('button', { name: 'Reset filters' }),
    );
    await waitFor(() => expect(url()).toBe('/offers?ordering=product'));
  });

  it('opens the special-price dialog of a row', async () => {
    const { user } = renderOffers();
    const emberRow = await screen.findByRole('row', { name: /Ember Rising/ });
    await user.click(within(emberRow).getByRole('button', { name: 'Ask for a special price on Ember Rising' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a special price' });
    expect(dialog).toHaveTextContent('Ember Rising, Quartz Games / Pixel Traders / Europe: list price €8.00');
  });
});
