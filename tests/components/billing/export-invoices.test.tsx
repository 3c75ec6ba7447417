import { getLocalTimeZone, today } from '@internationalized/date';
import { screen, waitFor, within } from '@testing-library/react';
import { BillingPage } from '@/features/billing/pages/billing-page';
import { captureDownloads, csvRecordsOf } from '../../support/downloads';
import { anInvoice, aProfile } from '../../support/fixtures';
import { deferred, type Reply, renderPage, type SeenRequest } from '../../support/render';
import { billingRoutes, INVOICES, someInvoices } from './billing-fixtures';

const FILTERS = { status: 'issued', paymentStatus: 'overdue', seller: '3', ordering: 'total' };
const PATH = '/billing?status=issued&paymentStatus=overdue&seller=3&ordering=total&page=2';

const downloads = captureDownloads();

const exportButton = () => screen.getByRole('button', { name: /Export CSV/ });
const exportCalls = (requests: SeenRequest[]) => requests.filter((request) => request.query.get('limit') === '100');

describe('Export CSV on Billing', () => {
  it('reads every page of the filtered set and downloads all its rows', async () => {
    const invoices = someInvoices(230);
    invoices[0] = anInvoice({ id: 1, number: 'INV-2026-0001', seller: { id: 3, name: 'Keys, "Best" Ltd' } });
    const { user, server } = renderPage(<BillingPage />, {
      path: PATH,
      signedIn: aProfile(),
      routes: billingRoutes(invoices),
    });
    await screen.findByRole('row', { name: /INV-2026-0011/ });
    await user.click(exportButton());
    await waitFor(() => expect(downloads).toHaveLength(1));

    const pages = exportCalls(server.callsTo(INVOICES));
    expect(pages.map((request) => Object.fromEntries(request.query))).toEqual(
      [0, 100, 200].map((offset) => ({ ...FILTERS, limit: '100', offset: String(offset) })),
    );
    const [file] = downloads;
    expect(file?.name).toBe(`invoices-${today(getLocalTimeZone()).toString()}.csv`);
    const lines = await csvRecordsOf(file);
    expect(lines).toHaveLength(231);
    expect(lines[0]).toBe('Number,Seller,Issued,Due date,Payment date,Payment status,Status,Total (EUR),Orders');
    expect(lines[1]).toBe(
      'INV-2026-0001,"Keys, ""Best"" Ltd",2026-11-02T09:30:00Z,2026-12-02,,Unpaid,Issued,1250.00,41',
    );
    expect(lines[230]).toMatch(/^INV-2026-0230,Nordic Keys,/);
  });

  it('shows progress while it runs and cannot be started twice', async () => {
    const held = deferred<Reply>();
    const list = billingRoutes(someInvoices(150));
    const { user, server } = renderPage(<BillingPage />, {
      path: PATH,
      signedIn: aProfile(),
      routes: {
        ...list,
        [INVOICES]: (request) =>
          request.query.get('offset') === '100' ? held.promise : (list[INVOICES] as (r: SeenRequest) => Reply)(request),
      },
    });
    await screen.findByRole('row', { name: /INV-2026-0011/ });
    await user.click(exportButton());
    await waitFor(() => expect(within(exportButton()).getByRole('progressbar')).toBeInTheDocument());
    await user.click(exportButton());
    expect(exportCalls(server.callsTo(INVOICES))).toHaveLength(2);

    held.resolve({ body: { count: 150, next: null, previous: null, results: someInvoices(150).slice(100) } });
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(within(exportButton()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why in the snackbar when a page fails, and downloads nothing', async () => {
    const list = billingRoutes(someInvoices(230));
    const { user } = renderPage(<BillingPage />, {
      path: PATH,
      signedIn: aProfile(),
      routes: {
        ...list,
        [INVOICES]: (request) =>
          request.query.get('offset') === '200'
            ? { status: 503, body: { detail: 'Down for maintenance.' } }
            : (list[INVOICES] as (r: SeenRequest) => Reply)(request),
      },
    });
    await screen.findByRole('row', { name: /INV-2026-0011/ });
    await user.click(exportButton());
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() =>
      expect(snackbar).toHaveTextContent('The service is briefly unavailable. Please try again in a moment.'),
    );
    expect(downloads).toEqual([]);
  });
});
