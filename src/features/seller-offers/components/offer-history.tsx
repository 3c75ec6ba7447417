/**
 * One offer's history (behaviour §7), opened from its row: a drawer listing the offer's changes
 * newest first, a page at a time ("Show more"), each with when, who, where from and old → new per
 * field, and Revert for a batch that can still be reverted.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Offer, OfferChangeRecord } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useList } from '@/core/lists/use-list';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { ControlledDrawer } from '@/ui/drawer';
import { LoadProblem } from '@/ui/load-problem';
import { PageLoading } from '@/ui/page-loading';
import { StatusBadge } from '@/ui/status-badge';
import { HISTORY_FALLBACK, offerHistoryLogic } from '../history.implementations';
import { revertRequestOf } from '../revert-request';
import { ChangeList, SOURCE_TEXT } from './change-values';
import { askRevert, RevertDialogs, useChangeRevert } from './revert-flow';
import './offer-history.css';

/** Records per page of the panel. */
const HISTORY_PAGE = 20;

type RevertFlow = ReturnType<typeof useChangeRevert>;

/** The panel of `offer` (null: closed). Stays mounted once opened, so a revert's Undo outlives it. */
export function OfferHistory({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const revert = useChangeRevert();
  // The panel keeps showing its offer while it slides out.
  const [shown, setShown] = useState(offer);
  if (offer !== null && offer !== shown) setShown(offer);
  const title = `History of ${shown?.product ?? ''}`;
  return (
    <>
      <ControlledDrawer isOpen={offer !== null} onClose={onClose} label={title} wide>
        {(close) =>
          shown && (
            <div className="offer-history">
              <div className="offer-history__head">
                <h2>{title}</h2>
                <Button variant="quiet" onPress={close}>
                  Close
                </Button>
              </div>
              <HistoryPages key={shown.id} offerId={shown.id} revert={revert} />
            </div>
          )
        }
      </ControlledDrawer>
      <RevertDialogs revert={revert} />
    </>
  );
}

function HistoryPages({ offerId, revert }: { offerId: number; revert: RevertFlow }) {
  const [pages, setPages] = useState(1);
  return (
    <ol className="offer-history__list">
      {Array.from({ length: pages }, (_, page) => (
        <HistoryPage
          // biome-ignore lint/suspicious/noArrayIndexKey: a page is its place in the list.
          key={page}
          offerId={offerId}
          offset={page * HISTORY_PAGE}
          isLast={page === pages - 1}
          onMore={() => setPages(pages + 1)}
          revert={revert}
        />
      ))}
    </ol>
  );
}

function HistoryPage({
  offerId,
  offset,
  isLast,
  onMore,
  revert,
}: {
  offerId: number;
  offset: number;
  isLast: boolean;
  onMore: () => void;
  revert: RevertFlow;
}) {
  const params = useMemo(() => ({ offerId, offset, limit: HISTORY_PAGE }), [offerId, offset]);
  const history = useList(useApiLogic(offerHistoryLogic), params, {
    fallback: HISTORY_FALLBACK,
    refreshOn: ['offers'],
  });
  const first = useRef<HTMLLIElement>(null);
  const hasRows = (history.rows?.length ?? 0) > 0;
  // A page shown by "Show more" takes focus on its first change, where the button was.
  useEffect(() => {
    if (offset > 0 && hasRows) first.current?.focus();
  }, [offset, hasRows]);

  if (history.problem) {
    return (
      <li>
        <LoadProblem message={history.problem} onRetry={history.retry} />
      </li>
    );
  }
  if (history.rows === null) {
    return (
      <li>
        <PageLoading label="Loading history…" inline />
      </li>
    );
  }
  if (offset === 0 && history.rows.length === 0) return <li>No changes recorded yet.</li>;
  const rows = history.rows;
  return (
    <>
      {rows.map((record, index) => (
        <HistoryRecord
          key={record.id}
          ref={index === 0 ? first : undefined}
          record={record}
          onRevert={() => askRevert(revert, revertRequestOf(record, rows))}
        />
      ))}
      {isLast && history.total > offset + rows.length && (
        <li>
          <Button onPress={onMore} isPending={history.isLoading}>
            Show more
          </Button>
        </li>
      )}
    </>
  );
}

/** Whether a batch can be reverted here: not reverted yet, and not an upload (which created its offers). */
export const canRevert = (record: OfferChangeRecord) => record.reverted_by === null && record.source !== 'upload';

function HistoryRecord({
  record,
  onRevert,
  ref,
}: {
  record: OfferChangeRecord;
  onRevert: () => void;
  ref?: React.Ref<HTMLLIElement> | undefined;
}) {
  const when = formatDateTime(record.at);
  return (
    <li ref={ref} tabIndex={-1} className="offer-history__record">
      <p className="offer-history__meta">
        <time dateTime={record.at}>{when}</time> · {SOURCE_TEXT[record.source]} by {record.actor}
        {record.reverted_by !== null && (
          <>
            {' '}
            <StatusBadge tone="neutral">Reverted</StatusBadge>
          </>
        )}
      </p>
      <ChangeList changes={record.changes} />
      {canRevert(record) && (
        <Button variant="quiet" onPress={onRevert} aria-label={`Revert the change of ${when}`}>
          Revert
        </Button>
      )}
    </li>
  );
}
