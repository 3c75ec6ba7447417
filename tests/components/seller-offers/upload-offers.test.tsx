import { getLocalTimeZone, today } from '@internationalized/date';
import type { UploadOptions } from '@machines/offer-upload/offer-upload.types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MALFORMED_MESSAGE } from '@/api/api-error';
import { tokenStore } from '@/api/token-store';
import { onDataChange } from '@/core/data-events';
import { ExportListButton } from '@/core/lists/use-list-view';
import { offerExport, UploadOffersButton } from '@/features/seller-offers/components/upload-offers';
import { captureDownloads, csvRecordsOf } from '../../support/downloads';
import { anOffer, aProfile, type Offer } from '../../support/fixtures';
import { deferred, type Routes, renderPage } from '../../support/render';

const options: UploadOptions = {
  publishers: [{ id: 3, name: 'Nebula Works' }],
  regions: [
    { id: 1, code: 'NA', name: 'North America' },
    { id: 2, code: 'EU', name: 'Europe' },
  ],
  sellers: [
    { id: 5, name: 'Pixel Traders', is_own: true },
    { id: 6, name: 'Other Shop', is_own: false },
  ],
};

const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
const row = (product: string, price = '12.50') =>
  `${product},Nebula Works,Pixel Traders,EU,regular,false,${price},2026-11-01T08:00:00Z,2026-12-31T22:00:00Z`;
const csvFile = (lines: string[], name = 'offers.csv') => new File([lines.join('\r\n')], name, { type: 'text/csv' });

const downloads = captureDownloads();

/** An upload as the fake server sees it. */
type SeenUpload = { url: string; authorization: string | null; text: string };
type Answer = { status: number; statusText?: string; body?: unknown };

/**
 * XMLHttpRequest as the upload uses it, answering from `answer`: the body's bytes are reported
 * sent in two halves, then the answer arrives (possibly later, to hold the upload in flight).
 */
function fakeUploads(answer: (upload: SeenUpload, index: number) => Answer | Promise<Answer>) {
  const seen: SeenUpload[] = [];
  const aborted: SeenUpload[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    private authorization: string | null = null;
    private isAborted = false;
    private sent: SeenUpload | null = null;

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'Authorization') this.authorization = value;
    }
    send(form: FormData) {
      const file = form.get('file') as File;
      void file.text().then(async (text) => {
        const upload = { url: this.url, authorization: this.authorization, text };
        this.sent = upload;
        seen.push(upload);
        const total = file.size + 180;
        this.upload.onprogress?.({ loaded: Math.round(total / 2), total });
        this.upload.onprogress?.({ loaded: total, total });
        const reply = await answer(upload, seen.length - 1);
        if (this.isAborted) return;
        this.status = reply.status;
        this.statusText = reply.statusText ?? '';
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      });
    }
    abort() {
      this.isAborted = true;
      if (this.sent) aborted.push(this.sent);
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  onTestFinished(() => void vi.unstubAllGlobals());
  return { seen, aborted };
}

const created = (count: number): Answer => ({ status: 201, statusText: 'Created', body: { count, offers: [] } });

async function openUpload(routes: Routes = {}) {
  const page = renderPage(<UploadOffersButton />, {
    signedIn: aProfile({ permissions: ['add_offer'] }),
    routes: { 'GET /api/v1/options/': { body: options }, ...routes },
  });
  await page.user.click(screen.getByRole('button', { name: 'Upload CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload offers' });
  // The picker is enabled once the options are read.
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose a CSV file…' })).toBeEnabled());
  /** Picks `file` with the drop zone's file picker. */
  const choose = async (file: File) => {
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input in the dialog');
    await page.user.upload(input, file);
  };
  return { ...page, dialog, choose };
}

/** The problems table's rows, as [row, column, message]. */
const problemRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Upload CSV', () => {
  it('lists every problem of a bad file by row and column, sends nothing, and downloads the list', async () => {
    const uploads = fakeUploads(() => created(1));
    const { dialog, choose, user } = await openUpload();
    await choose(
      csvFile([
        HEADER,
        row('Starfall Tactics'),
        row('', '12.505'),
        'Too,few,fields',
        row('Moon Racer').replace('EU', 'Mars'),
      ]),
    );

    expect(
      await within(dialog).findByRole('heading', { name: 'offers.csv: 4 problems to fix. Nothing was uploaded.' }),
    ).toBeInTheDocument();
    expect(problemRows(dialog)).toEqual([
      ['3', 'product', 'Enter a product name.'],
      ['3', 'unit_price', 'Use at most 2 decimals in the unit price.'],
      ['4', '—', 'This row has 3 fields; the header has 9.'],
      ['5', 'region', 'Unknown region "Mars"; use a region code or name.'],
    ]);
    expect(uploads.seen).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Download errors as CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['offers-errors.csv']);
    expect(await csvRecordsOf(downloads[0])).toEqual([
      'row,column,message',
      '3,product,Enter a product name.',
      '3,unit_price,Use at most 2 decimals in the unit price.',
      '4,,This row has 3 fields; the header has 9.',
      '5,region,"Unknown region ""Mars""; use a region code or name."',
    ]);
  });

  it('uploads a good file with its progress, then sums up and reloads the offer lists', async () => {
    const answer = deferred<Answer>();
    const uploads = fakeUploads(() => answer.promise);
    const offersChanged = vi.fn();
    onTestFinished(onDataChange('offers', offersChanged));
    const { dialog, choose } = await openUpload();
    const lines = [HEADER, ...Array.from({ length: 12 }, (_, i) => row(`Game ${i + 1}`))];
    await choose(csvFile(lines));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Uploading offers.csv' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', progress.getAttribute('aria-valuemax')));
    expect(within(dialog).getByText('Sent. Waiting for the server to import the offers…')).toBeInTheDocument();
    expect(uploads.seen).toEqual([
      { url: '/api/v1/offers/upload/', authorization: 'Bearer access-token', text: lines.join('\r\n') },
    ]);
    expect(offersChanged).not.toHaveBeenCalled();

    answer.resolve(created(12));
    expect(await within(dialog).findByText(/offers uploaded/)).toHaveTextContent(
      '12 offers uploaded. They are in the Unpublished tab.',
    );
    expect(within(dialog).getByRole('link', { name: 'Unpublished tab' })).toHaveAttribute(
      'href',
      '/seller/manage-offers/unpublished',
    );
    expect(offersChanged).toHaveBeenCalledOnce();
  });

  it('takes a file dropped on the zone', async () => {
    const uploads = fakeUploads(() => created(1));
    const { dialog } = await openUpload();
    const file = csvFile([HEADER, row('Dropped')], 'dropped.csv');
    // What a browser hands over for one file dragged from the desktop (jsdom has no DataTransfer).
    const dataTransfer = {
      effectAllowed: 'all',
      dropEffect: 'none',
      types: ['Files'],
      items: [{ kind: 'file', type: file.type, getAsFile: () => file }],
    };
    const zone = within(dialog).getByText('Drop a CSV file here');
    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });

    expect(await within(dialog).findByText(/uploaded/)).toHaveTextContent('1 offer uploaded.');
    expect(uploads.seen.map((upload) => upload.text)).toEqual([[HEADER, row('Dropped')].join('\r\n')]);
  });

  it('lists the server’s per-row problems when it refuses the file', async () => {
    fakeUploads(() => ({
      status: 400,
      statusText: 'Bad Request',
      body: {
        non_field_errors: ['1 of 2 rows are invalid; nothing was imported.'],
        'rows.3.seller': ['"Pixel Traders" is not one of your storefronts.'],
        'rows.3.non_field_errors': ['Expected 9 fields, found 8.'],
      },
    }));
    const { dialog, choose } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1'), row('Game 2')]));

    expect(
      await within(dialog).findByRole('heading', { name: 'offers.csv: 2 problems to fix. Nothing was uploaded.' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 of 2 rows are invalid; nothing was imported.')).toBeInTheDocument();
    expect(problemRows(dialog)).toEqual([
      ['3', 'seller', '"Pixel Traders" is not one of your storefronts.'],
      ['3', '—', 'Expected 9 fields, found 8.'],
    ]);
  });

  it('reads any other failure as "Upload failed: {status text}" and tries again', async () => {
    fakeUploads((_, index) => (index === 0 ? { status: 502, statusText: 'Bad Gateway' } : created(1)));
    const { dialog, choose, user } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1')]));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Upload failed: Bad Gateway');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/uploaded/)).toHaveTextContent(
      '1 offer uploaded. It is in the Unpublished tab.',
    );
  });

  it('reads a 503 as the service briefly unavailable, and sends the file again only when asked', async () => {
    const { seen } = fakeUploads((_, index) =>
      index === 0
        ? { status: 503, statusText: 'Service Unavailable', body: { detail: 'Away.', code: 'service_unavailable' } }
        : created(1),
    );
    const { dialog, choose } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1')]));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Upload failed: The service is briefly unavailable. Please try again in a moment.',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says so when the answer is a success that cannot be read, not "Upload failed: OK"', async () => {
    // No body: the fake's empty responseText is not JSON, as a reply cut short would not be.
    fakeUploads(() => ({ status: 200, statusText: 'OK' }));
    const { dialog, choose } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1')]));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Upload failed: ${MALFORMED_MESSAGE}`);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks before uploading the same file again, and sends it again when confirmed', async () => {
    const uploads = fakeUploads((_, index) =>
      index === 0
        ? {
            status: 409,
            statusText: 'Conflict',
            body: {
              detail: 'This file was already uploaded (2 offers).',
              code: 'duplicate_file',
              uploaded_at: '2026-11-24T12:05:00Z',
              count: 2,
            },
          }
        : created(2),
    );
    const offersChanged = vi.fn();
    onTestFinished(onDataChange('offers', offersChanged));
    const { dialog, choose, user } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1'), row('Game 2')]));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^This file was already uploaded on \d\d\/\d\d\/\d\d at \d\d:\d\d \(2 offers\)\. Upload it again anyway\?$/,
    );
    // The server has those offers (an earlier answer may have been lost): the lists reload.
    expect(offersChanged).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Upload again' }));
    expect(await within(dialog).findByText(/uploaded\./)).toHaveTextContent('2 offers uploaded.');
    expect(uploads.seen.map((upload) => upload.url)).toEqual([
      '/api/v1/offers/upload/',
      '/api/v1/offers/upload/?allow_duplicate=true',
    ]);
  });

  it('refreshes an expired token once and sends the file again', async () => {
    const uploads = fakeUploads((upload) =>
      upload.authorization === 'Bearer fresh-token' ? created(1) : { status: 401, statusText: 'Unauthorized' },
    );
    const { dialog, choose, server } = await openUpload({
      'POST /api/v1/token/refresh': { body: { access: 'fresh-token' } },
    });
    await choose(csvFile([HEADER, row('Game 1')]));

    expect(await within(dialog).findByText(/uploaded/)).toHaveTextContent('1 offer uploaded.');
    expect(uploads.seen.map((upload) => upload.authorization)).toEqual(['Bearer access-token', 'Bearer fresh-token']);
    expect(server.callsTo('POST /api/v1/token/refresh')).toHaveLength(1);
    expect(tokenStore.accessToken()).toBe('fresh-token');
  });

  it('cancels an upload in flight', async () => {
    const uploads = fakeUploads(() => new Promise<Answer>(() => {}));
    const { dialog, choose, user } = await openUpload();
    await choose(csvFile([HEADER, row('Game 1')]));
    await within(dialog).findByRole('progressbar');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(uploads.aborted).toHaveLength(1);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose a CSV file…' })).toBeEnabled();
  });

  it('keeps focus in the dialog through every outcome, so an Escape pressed at once closes it', async () => {
    // The fault suite's case: an answer cut short (the server did take the file), Try again, the
    // server knows the file, Don’t upload, Escape. Each press removes the control pressed; the
    // next key goes wherever focus is before the browser paints again.
    const duplicate = { detail: 'Known.', code: 'duplicate_file', uploaded_at: '2026-11-24T12:05:00Z', count: 1 };
    fakeUploads((_, index) =>
      index === 0 ? { status: 200, statusText: 'OK' } : { status: 409, statusText: 'Conflict', body: duplicate },
    );
    const { dialog, choose } = await openUpload();
    const pressedThenFocused = async (name: string) => {
      fireEvent.click(within(dialog).getByRole('button', { name }));
      await Promise.resolve();
      return document.activeElement as HTMLElement;
    };
    within(dialog).getByRole('button', { name: 'Choose a CSV file…' }).focus();
    await choose(csvFile([HEADER, row('Game 1')]));
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent(`Upload failed: ${MALFORMED_MESSAGE}`);
    expect(failure.parentElement).toHaveFocus();

    expect(await pressedThenFocused('Try again')).toHaveAccessibleName('Cancel upload');
    const question = await within(dialog).findByRole('alert');
    expect(question).toHaveTextContent(/Upload it again anyway\?$/);
    expect(question.parentElement).toHaveFocus();

    fireEvent.keyDown(await pressedThenFocused('Don’t upload'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload CSV' })).toHaveFocus());
  });

  it('downloads a template with the seller’s own names that passes the check', async () => {
    const uploads = fakeUploads(() => created(1));
    const { dialog, choose, user } = await openUpload();
    await user.click(within(dialog).getByRole('button', { name: 'Download template' }));

    expect(downloads.map((file) => file.name)).toEqual(['offers-template.csv']);
    const day = today(getLocalTimeZone());
    expect(await csvRecordsOf(downloads[0])).toEqual([
      HEADER,
      `Example Game (Steam key),Nebula Works,Pixel Traders,NA,regular,false,12.50,${day}T00:00:00Z,${day.add({ days: 30 })}T00:00:00Z`,
    ]);

    await choose(new File([await (downloads[0] as { blob: Blob }).blob.text()], 'offers-template.csv'));
    expect(await within(dialog).findByText(/uploaded/)).toHaveTextContent('1 offer uploaded.');
    expect(uploads.seen).toHaveLength(1);
  });
});

describe('Export CSV on Manage Offers', () => {
  /** An unpublished offer `Game <id>`; the export writes its times as the browser reads them. */
  const anUnpublished = (id: number, overrides: Partial<Offer> = {}) =>
    anOffer({
      id,
      product: `Game ${id}`,
      start: '2026-11-01T08:00:00.000Z',
      end: '2026-12-31T22:00:00.000Z',
      is_published: false,
      published_at: null,
      ...overrides,
    });

  it('writes every offer of the filtered set in the upload format, which uploads back', async () => {
    const offers = Array.from({ length: 150 }, (_, index) => anUnpublished(index + 1));
    offers[0] = anUnpublished(1, { product: 'Keys, "Deluxe"', type: 'promo', is_hot: true, unit_price: '1234.50' });
    const uploads = fakeUploads(() => created(150));
    const filters = { publishType: 'unpublished', search: 'game', region: 2, ordering: '-created_at' } as const;
    const { user, server } = renderPage(
      <>
        <ExportListButton exportList={offerExport} listed={filters} />
        <UploadOffersButton />
      </>,
      {
        signedIn: aProfile({ permissions: ['add_offer'] }),
        routes: {
          'GET /api/v1/options/': { body: options },
          'GET /api/v1/manage-offers/': ({ query }) => {
            const offset = Number(query.get('offset'));
            const limit = Number(query.get('limit'));
            return {
              body: { count: offers.length, next: null, previous: null, results: offers.slice(offset, offset + limit) },
            };
          },
        },
      },
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(server.callsTo('GET /api/v1/manage-offers/').map((request) => Object.fromEntries(request.query))).toEqual(
      [0, 100].map((offset) => ({ ...filters, region: '2', limit: '100', offset: String(offset) })),
    );
    const [file] = downloads;
    expect(file?.name).toBe(`offers-${today(getLocalTimeZone())}.csv`);
    const lines = await csvRecordsOf(file);
    expect(lines).toHaveLength(151);
    expect(lines.slice(0, 3)).toEqual([
      HEADER,
      '"Keys, ""Deluxe""",Nebula Works,Pixel Traders,EU,promo,true,1234.50,2026-11-01T08:00:00.000Z,2026-12-31T22:00:00.000Z',
      'Game 2,Nebula Works,Pixel Traders,EU,regular,false,12.50,2026-11-01T08:00:00.000Z,2026-12-31T22:00:00.000Z',
    ]);

    // The exported file passes the upload's check as it is.
    await user.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload offers' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose a CSV file…' })).toBeEnabled());
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input || !file) throw new Error('No file input or no export');
    await user.upload(input, new File([file.blob], file.name, { type: 'text/csv' }));
    expect(await within(dialog).findByText(/uploaded/)).toHaveTextContent('150 offers uploaded.');
    expect(uploads.seen).toHaveLength(1);
  });
});
