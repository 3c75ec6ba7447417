/**
 * A bulk update that met offers changed meanwhile (behaviour §2, Selection): nothing of that call was
 * written; per offer, each field now against what the update would write, and the seller's choice
 * to apply it to the others, overwrite their changes, or stop with what went through so far.
 */
import { yoursOf } from '@machines/bulk-actions/bulk-actions.logic';
import {
  selectCanCancel,
  selectCanResolve,
  selectChunkDue,
  selectConflict,
  selectIsApplying,
} from '@machines/bulk-actions/bulk-actions.selectors';
import { useSelector } from '@xstate/react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import type { BulkApplyRef } from '../bulk.implementations';
import { offersText } from '../offers-text';
import { OfferConflictList } from './offer-conflict-list';

/** Open while the action waits on the seller's choice, and while the chunk chosen for goes. */
export function BulkConflictDialog({ applying }: { applying: BulkApplyRef }) {
  const offers = useSelector(applying, selectConflict);
  const isApplying = useSelector(applying, selectIsApplying);
  const canResolve = useSelector(applying, selectCanResolve);
  const canStop = useSelector(applying, selectCanCancel);
  const chunk = useSelector(applying, selectChunkDue);
  const products = useSelector(applying, (s) => s.context.products);
  const stop = () => applying.send({ type: 'bulk.cancel' });
  const footer = (
    <>
      {/* While the chunk chosen for goes, Stop sends no more after it. */}
      <Button onPress={stop} isDisabled={!canStop}>
        Stop
      </Button>
      <Button onPress={() => applying.send({ type: 'bulk.overwrite' })} isDisabled={!canResolve}>
        Overwrite theirs
      </Button>
      <Button
        variant="primary"
        onPress={() => applying.send({ type: 'bulk.skipChanged' })}
        isDisabled={!canResolve && !isApplying}
        isPending={isApplying}
      >
        Apply to the others
      </Button>
    </>
  );
  return (
    <Dialog
      title="These offers changed meanwhile"
      isOpen
      onOpenChange={(isOpen) => isOpen || stop()}
      isDismissDisabled={isApplying}
      size="large"
      footer={footer}
    >
      <p>
        {offersText(offers.length)} changed after you chose them, so none of the offers sent with them were updated.
        Compare what is there now with your update.
      </p>
      <OfferConflictList offers={offers} yours={yoursOf(chunk, products)} yoursLabel="Your update" />
    </Dialog>
  );
}
