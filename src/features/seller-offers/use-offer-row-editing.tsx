/**
 * The Manage Offers grid's row editing, wired to the page: the row-editing actor, the grid's
 * `rowEditor`, the kept draft, and the guards that ask before a changed row, or a row saving or
 * not saved, is left for another page, filter or route (a closing tab gets the browser's own
 * question; the kept draft covers the rest).
 */
import { selectEditingId, selectHasUnsaved, selectTheirs } from '@machines/row-editing/row-editing.selectors';
import type { DraftErrors, DraftField } from '@machines/row-editing/row-editing.types';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announce } from '@/ui/announce';
import { warmCellEditors } from '@/ui/cell-editors';
import type { RowEditor } from '@/ui/data-grid.types';
import { notify } from '@/ui/notify';
import { FIELD_LABELS } from './offer-cells';
import { type KeptDraft, keptDraft } from './offer-draft-store';
import { storeOf } from './row-editing-context';
import { rowEditingLogic, toDraft } from './seller-offers.implementations';

/** "Offer not saved. Product: Enter a product name." (behaviour §10, Announcements). */
function refusalText(errors: DraftErrors): string {
  const messages = Object.entries(FIELD_LABELS).flatMap(([field, name]) => {
    const message = errors[field as DraftField];
    return message ? [`${name}: ${message}`] : [];
  });
  return ['Offer not saved.', ...messages].join(' ');
}

export function useOfferRowEditing({ rows, userId }: { rows: readonly Offer[] | null; userId: number }) {
  const editing = useActorRef(useApiLogic(rowEditingLogic));
  const latestRows = useRef(rows);
  latestRows.current = rows;
  /** Where to go once the seller has agreed to drop a changed row. */
  const leaveTo = useRef<(() => void) | null>(null);

  const start = useCallback(
    (offer: Offer) => editing.send({ type: 'edit.start', original: offer, draft: toDraft(offer) }),
    [editing],
  );

  const rowEditor = useMemo(
    (): RowEditor => ({
      editingId: storeOf(editing, selectEditingId),
      onEdit: (id) => {
        const offer = latestRows.current?.find((row) => String(row.id) === id);
        if (offer) start(offer);
      },
      onSave: () => editing.send({ type: 'edit.save' }),
      onCancel: () => editing.send({ type: 'edit.cancel' }),
      // The conflict's comparison belongs to the edit: keeping their version, or Escape, ends the
      // edit with focus in that dialog, and it goes back to the row too.
      holdsFocus: storeOf(editing, (snapshot) => selectTheirs(snapshot) !== null),
      onWarm: warmCellEditors,
    }),
    [editing, start],
  );

  /** Runs `go` now, or once the seller agrees to leave the rows not saved (the edited one included). */
  const whenLeaving = useCallback(
    (go: () => void) => {
      leaveTo.current = go;
      editing.send({ type: 'edit.leave' });
    },
    [editing],
  );

  /**
   * Runs `go` now when nothing would be lost (an unchanged edit stays open, pinned in view), else
   * once the seller agrees: for filters and sorting, which keep the seller on the page.
   */
  const whenUnsaved = useCallback(
    (go: () => void) => (selectHasUnsaved(editing.getSnapshot()) ? whenLeaving(go) : go()),
    [editing, whenLeaving],
  );

  const [keeping] = useState(createDraftKeeping);
  useEffect(() => keeping.flushOnHide(), [keeping]);

  useEffect(() => {
    const subscriptions = [
      editing.on('row.saved', () => notify({ type: 'success', message: 'Offer updated' })),
      // The error snackbar is assertive already: announcing the message too would say it twice.
      editing.on('row.failed', ({ message }) => notify({ type: 'error', message })),
      // A refused field's message sits under its input, which may not have focus: say it now.
      editing.on('row.refused', ({ errors }) => announce(refusalText(errors), 'assertive')),
      editing.on('row.conflict', () =>
        announce('Someone else changed this offer. Compare the two versions and keep one.', 'assertive'),
      ),
      editing.on('draft.changed', ({ original, draft }) => keeping.keep({ userId, original, draft })),
      editing.on('draft.settled', ({ id }) => keeping.drop(id)),
      editing.on('edit.left', () => {
        const go = leaveTo.current;
        leaveTo.current = null;
        go?.();
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [editing, userId, keeping]);

  useLeaveGuards(editing, whenLeaving);
  return { editing, rowEditor, start, whenLeaving, whenUnsaved };
}

type Editing = ReturnType<typeof useOfferRowEditing>['editing'];

/** How long typing may pause before the draft is written: a keystroke costs no storage write. */
const KEEP_AFTER_MS = 300;

/**
 * Writes the draft to the browser a moment after typing pauses, and at once when the page is
 * hidden (a reload, a closed tab); a settled edit removes it at once.
 */
function createDraftKeeping() {
  let pending: Omit<KeptDraft, 'keptAt'> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (pending) keptDraft.write({ ...pending, keptAt: new Date().toISOString() });
    pending = null;
  };
  return {
    keep(draft: Omit<KeptDraft, 'keptAt'>) {
      pending = draft;
      clearTimeout(timer);
      timer = setTimeout(flush, KEEP_AFTER_MS);
    },
    drop(id: number) {
      clearTimeout(timer);
      pending = null;
      if (keptDraft.read()?.original.id === id) keptDraft.remove();
    },
    flushOnHide() {
      window.addEventListener('pagehide', flush);
      return () => {
        window.removeEventListener('pagehide', flush);
        flush();
      };
    },
  };
}

/**
 * While the editing row has changes, or a row is saving or not saved: closing or reloading the
 * tab asks (the browser's dialog), and a link to another route or tab waits for the seller's
 * answer in the page's dialog.
 */
function useLeaveGuards(editing: Editing, whenLeaving: (go: () => void) => void) {
  useEffect(() => {
    const isChanged = () => selectHasUnsaved(editing.getSnapshot());
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isChanged()) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !isChanged() || event.defaultPrevented) return;
      if (link.origin !== window.location.origin || link.target === '_blank' || link.hasAttribute('download')) return;
      event.preventDefault();
      event.stopPropagation();
      whenLeaving(() => link.click());
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [editing, whenLeaving]);
}
