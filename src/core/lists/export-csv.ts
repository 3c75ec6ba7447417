/**
 * "Export CSV" for a list (My Orders, Billing): exactly the filtered set the user sees, every page
 * of it, in its order, downloaded as one file. The list's own page and page size play no part: the
 * export walks the same query from offset 0 in pages of the contract's largest `limit`.
 */

import { type CsvColumn, toCsv } from '@openapi/rules/csv';
import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { ApiClient } from '@/api/client';
import { toLocalIso } from '@/lib/dates';
import { notify } from '@/ui/notify';
import { useApiLogic } from '../api';
import { submission } from '../workflows';

/** The contract's largest page (`Limit` parameter). */
const EXPORT_PAGE_SIZE = PARAMETER_LIMITS.Limit.maximum;

/** How long a download's object URL lives: the browser reads it after the click returns. */
const OBJECT_URL_LIFETIME_MS = 40_000;

const EXPORT_FALLBACK = 'The export could not be completed.';

export interface CsvExport<TRow> {
  /** The file's name before the day: 'invoices' gives `invoices-2026-11-24.csv` (today, browser zone). */
  name: string;
  columns: readonly CsvColumn<TRow>[];
  /** One page of the filtered set, with the list's filters and ordering; `count` is the set's size. */
  fetchPage: (
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ) => Promise<{ count: number; results: readonly TRow[] }>;
  signal?: AbortSignal;
}

/**
 * Fetches every page (offsets 0, 100, 200, … until `count`), writes the CSV and downloads it.
 * Resolves the number of rows written. The set is read page by page, so a row that changes in
 * between may move across a page boundary; the latest `count` decides when to stop, and an empty
 * page ends the walk when the set shrank meanwhile.
 */
export async function exportCsv<TRow>({ name, columns, fetchPage, signal }: CsvExport<TRow>): Promise<number> {
  const rows: TRow[] = [];
  let count = 1;
  for (let offset = 0; offset < count; offset += EXPORT_PAGE_SIZE) {
    const page = await fetchPage(offset, EXPORT_PAGE_SIZE, signal);
    count = page.count;
    if (page.results.length === 0) break;
    rows.push(...page.results);
  }
  signal?.throwIfAborted();
  // The byte order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
  const blob = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  // The day in the browser's zone; the date library stays out of every page with an Export button.
  download(blob, `${name}-${toLocalIso(new Date().toISOString()).slice(0, 10)}.csv`);
  return rows.length;
}

/** Hands `blob` to the browser as a file named `filename` (also the upload's template and error list). */
export function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  // Firefox follows a download link only while it is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * The Export CSV button's workflow: one export at a time (the `busy` tag drives `isPending`), the
 * export cancelled when the page goes away, and a failure shown in the error snackbar (behaviour
 * §8 message choice).
 *
 *   const exporting = useCsvExport((api) => (query: InvoiceQuery, signal) => exportCsv({ ... }));
 *   <Button onPress={() => exporting.start(query)} isPending={exporting.isPending}>Export CSV</Button>
 */
export function useCsvExport<TQuery>(
  create: (api: ApiClient) => (query: TQuery, signal: AbortSignal) => Promise<number>,
) {
  const exporting = useActorRef(
    useApiLogic((api) => submission(create(api))),
    { input: { fallback: EXPORT_FALLBACK } },
  );
  const isPending = useSelector(exporting, (s) => s.hasTag('busy'));
  useEffect(() => {
    const subscription = exporting.on('submission.failed', ({ message }) => notify({ type: 'error', message }));
    return () => subscription.unsubscribe();
  }, [exporting]);
  const start = useCallback(
    (query: TQuery) => exporting.send({ type: 'submission.submit', input: query }),
    [exporting],
  );
  return { isPending, start };
}
