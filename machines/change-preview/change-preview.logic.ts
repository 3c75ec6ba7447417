/** The change preview's rows: proposed cells grouped by offer, and the rows' checkboxes. */
import type { Offer } from '../row-editing/row-editing.types';
import type { PreviewRow, ProposedChange } from './change-preview.types';

export const APPLY_FALLBACK = 'The changes could not be applied.';
export const UNDO_FALLBACK = 'The change could not be undone.';

/** One row per offer, in the order the changes name them; every row starts ticked. */
export function rowsOf(changes: readonly ProposedChange[]): PreviewRow[] {
  const rows = new Map<number, PreviewRow>();
  for (const { offer, field, typed, patch, unreadable } of changes) {
    const row = rows.get(offer.id) ?? {
      offer,
      typed: {},
      patch: {},
      unreadable: {},
      problems: {},
      ticked: true,
      changedSince: false,
    };
    row.typed[field] = typed;
    Object.assign(row.patch, patch);
    if (unreadable !== null) row.unreadable[field] = unreadable;
    rows.set(offer.id, row);
  }
  return [...rows.values()];
}

export const isValidRow = (row: PreviewRow) => Object.keys(row.problems).length === 0;

/** A row the rules refuse cannot be applied: its checkbox is cleared. */
export const untickInvalid = (rows: readonly PreviewRow[]) =>
  rows.map((row) => (row.ticked && !isValidRow(row) ? { ...row, ticked: false } : row));

/** The server's current offers replace those the preview had, marked as changed since. */
export function withCurrent(rows: readonly PreviewRow[], current: readonly Offer[]): PreviewRow[] {
  const byId = new Map(current.map((offer) => [offer.id, offer]));
  return rows.map((row) => {
    const offer = byId.get(row.offer.id);
    return offer ? { ...row, offer, changedSince: true } : row;
  });
}
