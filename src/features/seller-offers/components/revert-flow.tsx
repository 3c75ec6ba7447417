/**
 * Reverting a batch of changes from the history panel or the Recent changes view (behaviour §7):
 * the confirmation, the conflict view when offers changed since, and the snackbar with Undo, which
 * reverts the revert. The flow is machines/change-revert; one actor per screen, so Undo still works
 * after the revert's row went from the list.
 */

import { undoOf } from '@machines/change-revert/change-revert.logic';
import { selectConflict, selectIsConfirming, selectIsReverting } from '@machines/change-revert/change-revert.selectors';
import type { RevertRequest } from '@machines/change-revert/change-revert.types';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { useApiLogic } from '@/core/api';
import { useStartedActor } from '@/core/use-started-actor';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';
import { notify } from '@/ui/notify';
import { changeRevertLogic } from '../history.implementations';
import { offersText } from '../offers-text';
import { OfferConflictList } from './offer-conflict-list';

type RevertActor = Actor<ReturnType<typeof changeRevertLogic>>;

/** The screen's revert flow: `ask(request)` opens the confirmation; render <RevertDialogs/> with it. */
export function useChangeRevert() {
  const revert = useStartedActor(useApiLogic(changeRevertLogic));
  useEffect(() => {
    const subscriptions = [
      revert.on('revert.done', ({ batchId, request }) =>
        notify({
          type: 'success',
          message: 'Changes reverted',
          ...(batchId !== null && {
            onUndo: () => revert.send({ type: 'revert.now', request: undoOf(request, batchId) }),
          }),
        }),
      ),
      revert.on('revert.failed', ({ message }) => notify({ type: 'error', message })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [revert]);
  return revert;
}

export const askRevert = (revert: RevertActor, request: RevertRequest) => revert.send({ type: 'revert.ask', request });

export function RevertDialogs({ revert }: { revert: RevertActor }) {
  const isConfirming = useSelector(revert, selectIsConfirming);
  const isReverting = useSelector(revert, selectIsReverting);
  const conflict = useSelector(revert, selectConflict);
  const request = useSelector(revert, (s) => s.context.request);
  const dismiss = () => revert.send({ type: 'revert.dismiss' });
  return (
    <>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={(isOpen) => isOpen || dismiss()}
        title="Revert these changes?"
        message={`The values these changes replaced go back on ${request?.offers ?? ''}.`}
        confirmLabel="Revert"
        isPending={isReverting}
        onConfirm={() => revert.send({ type: 'revert.confirm' })}
      />
      <RevertConflictDialog offers={conflict} putBack={request?.putBack ?? {}} onClose={dismiss} />
    </>
  );
}

/** Offers changed since the batch: nothing was reverted; what is there now against what would go back. */
export function RevertConflictDialog({
  offers,
  putBack,
  onClose,
  yoursLabel = 'Revert puts back',
}: {
  offers: Parameters<typeof OfferConflictList>[0]['offers'];
  putBack: Parameters<typeof OfferConflictList>[0]['yours'];
  onClose: () => void;
  /** The heading of what would go back: the revert's, or a bulk action's Undo's. */
  yoursLabel?: string;
}) {
  return (
    <Dialog
      title="These offers changed since"
      isOpen={offers.length > 0}
      onOpenChange={(isOpen) => isOpen || onClose()}
      size="large"
      footer={
        <Button variant="primary" slot="close">
          Close
        </Button>
      }
    >
      <p>
        Nothing was reverted: {offersText(offers.length)} changed after these changes were made. Compare what is there
        now with what the revert would put back.
      </p>
      <OfferConflictList offers={offers} yours={putBack} yoursLabel={yoursLabel} />
    </Dialog>
  );
}
