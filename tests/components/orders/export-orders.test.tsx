import { getLocalTimeZone, today } from '@internationalized/date';
import { screen, waitFor, within } from '@testing-library/react';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { captureDownloads, csvRecordsOf } from '../../support/downloads';
import { anOrder, aProfile, type Order } from '../../support/fixtures';
import { renderPage } from '../../support/render';

const LIST = 'GET /api/v1/orders/';
const PATH =
  '/orders/inprogress?search=star&seller=3&region=2&counterOffer=only&startDate=2026-11-01&endDate=2026-11-30&ordering=total&page=2';
/** The view's filters as the list sends them: the status from the sub-route, the rest from the URL. */
const FILTERS = {
  status: 'in_progress',
  search: 'star',
  seller: '3',
  region: '2',
  counterOffer: 'only',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  ordering: 'total',
};

const downloads = captureDownloads();

/** My Orders on PATH, the list answering each request with its page of `orders`. */
function showOrders(orders: Order[]) {
  return renderPage(<OrdersPage />, {
    path: PATH,
    signedIn: aProfile(),
    routes: {
      'GET /api/v1/options/': { body: { publishers: [], regions: [], sellers: [] } },
      [LIST]: ({ query }) => {
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 10);
        return {
          body: { count: orders.length, next: null, previous: null, results: orders.slice(offset, offset + limit) },
        };
      },
    },
  });
}

describe('Export CSV on My Orders', () => {
  it('reads every page of the filtered set and downloads all its orders', async () => {
    const orders = Array.from({ length: 230 }, (_, index) => anOrder({ id: index + 1 }));
    orders[0] = anOrder({
      id: 1,
      seller: { id: 3, name: 'Keys, "Best" Ltd' },
      negotiation: 'counter_proposed',
      item_count: 100,
      total: '1250.00',
    });
    orders[229] = anOrder({ id: 230, status: 'cancelled', negotiation: 'counter_declined' });
    const { user, server } = showOrders(orders);
    await within(screen.getByRole('grid', { name: 'In Progress orders' })).findByRole('rowheader', { name: '#11' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));

    const pages = server.callsTo(LIST).filter((request) => request.query.get('limit') === '100');
    expect(pages.map((request) => Object.fromEntries(request.query))).toEqual(
      [0, 100, 200].map((offset) => ({ ...FILTERS, limit: '100', offset: String(offset) })),
    );
    const [file] = downloads;
    expect(file?.name).toBe(`orders-${today(getLocalTimeZone()).toString()}.csv`);
    const lines = await csvRecordsOf(file);
    expect(lines).toHaveLength(231);
    expect(lines[0]).toBe('Order,Placed,Seller,Items,Negotiation,Status,Total (EUR)');
    expect(lines[1]).toBe(
      '1,2026-11-20T09:15:00Z,"Keys, ""Best"" Ltd",100,Counter-offer to answer,In Progress,1250.00',
    );
    expect(lines[2]).toBe('2,2026-11-20T09:15:00Z,Pixel Traders,10,No negotiation,In Progress,125.00');
    expect(lines[230]).toBe('230,2026-11-20T09:15:00Z,Pixel Traders,10,Counter-offer declined,Cancelled,125.00');
  });
});
