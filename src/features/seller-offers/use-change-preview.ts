/**
 * Fill, apply to selection, paste and copy on Manage Offers (behaviour §7), each proposal going
 * through the change preview (machines/change-preview). One actor per preview: it outlives its
 * dialog through the snackbar's Undo, as a bulk action does. What happened is announced
 * (behaviour §10).
 */
import { selectIsOpen, selectOverflow } from '@machines/change-preview/change-preview.selectors';
import type { PreviewOverflow, PreviewSource, ProposedChange } from '@machines/change-preview/change-preview.types';
import type { DraftField, OfferDraft } from '@machines/row-editing/row-editing.types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { Offer, Options } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useOptions } from '@/core/domain/options';
import { announce } from '@/ui/announce';
import type { GridCellCommands, GridStore, RowEditor } from '@/ui/data-grid.types';
import { notify } from '@/ui/notify';
import { type ChangePreviewRef, changePreviewLogic } from './change-preview.implementations';
import { draftText, FIELD_LABELS, fieldOfColumn, offerText, parseTsv, readCell, toTsv } from './offer-cells';
import { offersText } from './offers-text';
import type { RowEditingRef } from './row-editing-context';
import { toDraft } from './seller-offers.implementations';

/** "Preview of 5 changes" (behaviour §10), once the preview shows. */
export const announcePreview = (changes: number) =>
  announce(`Preview of ${changes} ${changes === 1 ? 'change' : 'changes'}`, 'polite');

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A value for `offer`'s `field`, unless it is the value the offer has. */
function proposal(
  offer: Offer,
  field: DraftField,
  read: { patch: Partial<OfferDraft>; unreadable: string | null },
  typed: string,
  options: Options | null,
): ProposedChange[] {
  const before = toDraft(offer);
  if (read.unreadable !== null) return [{ offer, field, typed, patch: {}, unreadable: read.unreadable }];
  if (read.patch[field] === before[field]) return [];
  const shown = draftText({ ...before, ...read.patch }, field, options);
  return [{ offer, field, typed: shown, patch: read.patch, unreadable: null }];
}

/** The same draft value for `field` of each offer. */
const sameValue = (offers: readonly Offer[], field: DraftField, draft: OfferDraft, options: Options | null) =>
  offers.flatMap((offer) =>
    proposal(offer, field, { patch: { [field]: draft[field] }, unreadable: null }, '', options),
  );

type Inputs = {
  /** The rows the grid shows, in display order. */
  rows: readonly Offer[] | null;
  selectedIds: ReadonlySet<string>;
  editing: RowEditingRef;
};

/** The page's fill, paste and copy commands, the editing row's Ctrl+Enter, and the preview shown. */
export function useChangePreview(inputs: Inputs, rowEditor: RowEditor) {
  const logic = useApiLogic(changePreviewLogic);
  const { options } = useOptions();
  const [preview, setPreview] = useState<ChangePreviewRef | null>(null);
  const latest = useRef({ ...inputs, options });
  latest.current = { ...inputs, options };

  const open = useCallback(
    (source: PreviewSource, changes: ProposedChange[], overflow?: PreviewOverflow) => {
      if (changes.length === 0) {
        announce('Nothing to change: the cells have these values already.', 'polite');
        return;
      }
      const actor = createActor(logic, { input: { source, changes, ...(overflow && { overflow }) } });
      watched(actor).start();
      setPreview(actor);
      if (!overflow) announcePreview(changes.length);
      return actor;
    },
    [logic],
  );

  // A preview still under review goes with the page; one that is done stays for the snackbar's Undo.
  useEffect(
    () => () => {
      if (preview) stopUnlessDone(preview);
    },
    [preview],
  );

  const commands = useMemo(
    (): GridCellCommands => ({
      onFill: (at) => {
        const field = fieldOfColumn(at.columnId);
        const { rows, selectedIds, options } = latest.current;
        if (!field || !rows) return;
        const shown = displayed(rows, at.rowIds);
        const chosen = shown.filter((offer) => selectedIds.has(String(offer.id)));
        const here = shown.findIndex((offer) => String(offer.id) === at.rowId);
        const [from, ...to] = chosen.length > 1 ? chosen : [shown[here - 1], shown[here]];
        if (!from || to.length === 0 || !to[0]) {
          announce('There is no row above to fill from.', 'polite');
          return;
        }
        open('fill', sameValue(to as Offer[], field, toDraft(from), options));
      },
      onPaste: (at, text) => {
        const { rows, options } = latest.current;
        if (!rows) return;
        const block = parseTsv(text);
        const fields = at.columnIds.slice(at.columnIds.indexOf(at.columnId)).flatMap((id) => fieldOfColumn(id) ?? []);
        const shown = displayed(rows, at.rowIds);
        const below = shown.slice(shown.findIndex((offer) => String(offer.id) === at.rowId));
        const fit = Math.min(block.length, below.length);
        const changes = block.slice(0, fit).flatMap((cells, index) => {
          const offer = below[index] as Offer;
          return cells.flatMap((typed, column) => {
            const field = fields[column];
            return field ? proposal(offer, field, readCell(field, typed, options), typed, options) : [];
          });
        });
        open('paste', changes, block.length > fit ? { rows: block.length, fit } : undefined);
      },
      onCopy: (at) => {
        const { rows, selectedIds } = latest.current;
        const field = fieldOfColumn(at.columnId);
        if (!rows) return null;
        const shown = displayed(rows, at.rowIds);
        const chosen = shown.filter((offer) => selectedIds.has(String(offer.id)));
        if (chosen.length > 0) {
          const fields = at.columnIds.flatMap((id) => fieldOfColumn(id) ?? []);
          announce(`Copied ${plural(chosen.length, 'row', 'rows')}`, 'polite');
          return toTsv(chosen.map((offer) => fields.map((each) => offerText(offer, each))));
        }
        const offer = shown.find((row) => String(row.id) === at.rowId);
        if (!field || !offer) return null;
        announce('Copied 1 cell', 'polite');
        return toTsv([[offerText(offer, field)]]);
      },
    }),
    [open],
  );

  const [fromEdit] = useState(createFlag);
  const editorWithApply = useMemo(
    (): RowEditor => ({
      ...rowEditor,
      holdsFocus: eitherOf(rowEditor.holdsFocus, fromEdit),
      onApplyToSelection: (columnId) => {
        const { rows, selectedIds, editing, options } = latest.current;
        const field = fieldOfColumn(columnId);
        const { original, draft } = editing.getSnapshot().context;
        if (!field || !original || !draft || selectedIds.size === 0 || !rows) return false;
        const chosen = rows.filter((offer) => selectedIds.has(String(offer.id)) && offer.id !== original.id);
        const preview = open('fill', sameValue([original, ...chosen], field, draft, options));
        if (preview) holdFocusWhileShown(preview, fromEdit);
        // The edited row got its value with the others: an edit of nothing else ends, as after a save.
        preview?.on('preview.applied', () => {
          const { draft: now, initial } = editing.getSnapshot().context;
          const others = (Object.keys(FIELD_LABELS) as DraftField[]).filter((each) => each !== field);
          if (now && initial && others.every((each) => now[each] === initial[each]))
            editing.send({ type: 'edit.cancel' });
        });
        return true;
      },
    }),
    [rowEditor, open, fromEdit],
  );

  return { commands, rowEditor: editorWithApply, preview };
}

/** A true or false the grid reads as a store. */
function createFlag(): GridStore<boolean> & { set(value: boolean): void } {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

const eitherOf = (a: GridStore<boolean> | undefined, b: GridStore<boolean>): GridStore<boolean> =>
  a
    ? {
        get: () => a.get() || b.get(),
        subscribe(listener) {
          const stops = [a.subscribe(listener), b.subscribe(listener)];
          return () => {
            for (const stop of stops) stop();
          };
        },
      }
    : b;

/**
 * While a preview opened from the editing row (Ctrl+Enter) is on screen, the edit holds focus
 * there: an apply that ends the edit gives focus back to the row, not to the page. It lets go a
 * moment after the dialog has gone, once the edit's end has been drawn.
 */
function holdFocusWhileShown(preview: ChangePreviewRef, flag: ReturnType<typeof createFlag>) {
  flag.set(true);
  const shown = (snapshot = preview.getSnapshot()) =>
    snapshot.status === 'active' && (selectIsOpen(snapshot) || selectOverflow(snapshot) !== null);
  const subscription = preview.subscribe((snapshot) => {
    if (shown(snapshot)) return;
    subscription.unsubscribe();
    setTimeout(() => flag.set(false));
  });
}

/** The offers in the order the grid shows them (a pinned editing row first). */
const displayed = (rows: readonly Offer[], ids: readonly string[]) => {
  const byId = new Map(rows.map((offer) => [String(offer.id), offer]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

function stopUnlessDone(preview: ChangePreviewRef) {
  const snapshot = preview.getSnapshot();
  if (!(snapshot.matches('done') || snapshot.matches('undoing'))) preview.stop();
}

/** A preview whose facts become what the seller sees and hears: the snackbar, and a conflict said aloud. */
export function watched<T extends ChangePreviewRef>(preview: T): T {
  preview.on('preview.applied', (applied) => showApplied(applied, preview));
  preview.on('preview.conflicted', ({ count }) =>
    announce(`${offersText(count)} changed meanwhile. Review them and apply again.`, 'assertive'),
  );
  return preview;
}

/** The snackbar after an apply: how many offers were updated, with Undo reverting the batch. */
function showApplied({ written, canUndo }: { written: number; canUndo: boolean }, preview: ChangePreviewRef) {
  const undo = () => {
    if (!preview.getSnapshot().can({ type: 'preview.undo' })) return;
    preview.on('preview.undone', () => notify({ type: 'success', message: 'Changes undone' }));
    preview.on('preview.undoFailed', ({ message }) => notify({ type: 'error', message }));
    preview.send({ type: 'preview.undo' });
  };
  if (written === 0) notify({ type: 'info', message: 'The offers had these values already.' });
  else notify({ type: 'success', message: `${offersText(written)} updated`, ...(canUndo && { onUndo: undo }) });
}
