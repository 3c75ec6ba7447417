// @vitest-environment jsdom
import { getLocalTimeZone, today } from '@internationalized/date';
import { describe, expect, it, vi } from 'vitest';
import { exportCsv } from '@/core/lists/export-csv';
import { captureDownloads } from '../../support/downloads';

type Row = { id: number; name: string };
const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns = [
  { header: 'Id', value: (row: Row) => row.id },
  { header: 'Name', value: (row: Row) => row.name },
];

/** A server holding `all`: pages sliced from it, each call recorded. */
function pagesOf(all: Row[]) {
  return vi.fn(async (offset: number, limit: number) => ({
    count: all.length,
    results: all.slice(offset, offset + limit),
  }));
}

const downloads = captureDownloads();

/** The file's records, its byte order mark kept (text() would drop it). */
const lines = async (blob: Blob) =>
  new TextDecoder('utf-8', { ignoreBOM: true })
    .decode(await blob.arrayBuffer())
    .split('\r\n')
    .filter(Boolean);

describe('exportCsv', () => {
  it('reads every page, 100 at a time, until the count, and downloads all rows in order', async () => {
    const fetchPage = pagesOf(rowsOf(230));
    await expect(exportCsv({ name: 'invoices', columns, fetchPage })).resolves.toBe(230);

    expect(fetchPage.mock.calls.map(([offset, limit]) => [offset, limit])).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(downloads).toHaveLength(1);
    const [file] = downloads;
    expect(file?.name).toBe(`invoices-${today(getLocalTimeZone()).toString()}.csv`);
    expect(file?.blob.type).toBe('text/csv;charset=utf-8');
    const written = await lines(file?.blob ?? new Blob());
    expect(written).toHaveLength(231);
    expect(written[0]).toBe('\uFEFFId,Name');
    expect(written[1]).toBe('1,Row 1');
    expect(written[230]).toBe('230,Row 230');
  });

  it('makes one request for a set that fits a page, and writes the header alone for an empty set', async () => {
    const fetchPage = pagesOf([]);
    await expect(exportCsv({ name: 'orders', columns, fetchPage })).resolves.toBe(0);
    expect(fetchPage).toHaveBeenCalledOnce();
    expect(await lines(downloads[0]?.blob ?? new Blob())).toEqual(['\uFEFFId,Name']);
  });

  it('stops at an empty page when the set shrank while it was read', async () => {
    const fetchPage = vi.fn(async (offset: number) => ({ count: 250, results: offset === 0 ? rowsOf(100) : [] }));
    await expect(exportCsv({ name: 'invoices', columns, fetchPage })).resolves.toBe(100);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('downloads nothing when a page fails', async () => {
    const fetchPage = vi.fn(async (offset: number) => {
      if (offset === 100) throw new Error('The server had a problem (503). Please try again.');
      return { count: 230, results: rowsOf(100) };
    });
    await expect(exportCsv({ name: 'invoices', columns, fetchPage })).rejects.toThrow('(503)');
    expect(downloads).toEqual([]);
  });

  it('passes its signal to every page and downloads nothing once aborted', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn(async (offset: number, _limit: number, signal?: AbortSignal) => {
      expect(signal).toBe(controller.signal);
      if (offset === 100) controller.abort();
      return { count: 230, results: rowsOf(100) };
    });
    await expect(exportCsv({ name: 'invoices', columns, fetchPage, signal: controller.signal })).rejects.toThrow();
    expect(downloads).toEqual([]);
  });
});
