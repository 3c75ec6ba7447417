import { tooLongMessage } from '@openapi/rules/bounds';
import { formatCents, moneyOf } from '@openapi/rules/money';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { z } from 'zod/mini';
import type { Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { priceCents, quantity, REQUIRED_MESSAGE } from '@/core/forms/rules';
import { useForm } from '@/core/forms/use-form';
import { paths } from '@/core/paths';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Link } from '@/ui/link';
import { PriceField } from '@/ui/price-field';
import { QuantityField } from '@/ui/quantity-field';
import { TextField } from '@/ui/text-field';
import { SPECIAL_PRICE_FALLBACK, specialPriceLogic } from '../offers.implementations';

/** The contract's bounds of `SpecialPriceRequest`. */
const BOUNDS = FIELD_LIMITS.SpecialPriceRequest;
const MAX_NOTE = BOUNDS.note.maxLength;

const specialPriceSchema = (listCents: number) =>
  z.object({
    quantity: quantity(BOUNDS.quantity.maximum),
    unit_price: priceCents(REQUIRED_MESSAGE, {
      isWithin: (cents) => cents < listCents,
      message: `The price must be below the list price of ${formatCents(listCents)}.`,
    }),
    note: z.string().check(z.trim(), z.maxLength(MAX_NOTE, tooLongMessage('note', MAX_NOTE))),
  });

/**
 * The special-price request of one offer (contract: `requestSpecialPrice`): quantity, desired unit
 * price (below the list price) and a note. On success it says where to follow the request.
 * Mounted while open, so every opening starts with a fresh form.
 */
export function SpecialPriceDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const formId = useId();
  const sending = useActorRef(useApiLogic(specialPriceLogic), { input: { fallback: SPECIAL_PRICE_FALLBACK } });
  const isSent = useSelector(sending, (s) => s.matches('succeeded'));
  const listCents = offer.unit_price;
  const form = useForm({
    schema: specialPriceSchema(listCents),
    initial: { quantity: '1', unit_price: '', note: '' },
    workflow: sending,
    toEvent: ({ quantity, unit_price, note }) => ({
      type: 'submission.submit',
      input: { offer_id: offer.id, quantity, unit_price: moneyOf(unit_price), ...(note ? { note } : {}) },
    }),
    failure: { type: 'submission.failed', fallback: SPECIAL_PRICE_FALLBACK },
  });
  const isSending = form.isBusy;

  // One primary button that turns from "Send request" into "Done": React Aria announces a pending
  // button by reference, so removing it right after sending would leave that announcement nameless.
  const footer = (
    <>
      {!isSent && (
        <Button key="cancel" onPress={onClose} isDisabled={isSending}>
          Cancel
        </Button>
      )}
      <Button
        key="primary"
        variant="primary"
        isPending={isSending}
        {...(isSent ? { onPress: onClose } : { type: 'submit' as const, form: formId })}
      >
        {isSent ? 'Done' : 'Send request'}
      </Button>
    </>
  );
  return (
    <Dialog
      title="Ask for a special price"
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      isDismissDisabled={isSending}
      footer={footer}
    >
      <p className="special-price__offer">
        <strong>{offer.product}</strong>, {offer.publisher} / {offer.seller} / {offer.region}: list price{' '}
        {formatCents(listCents)} per unit.
      </p>
      {isSent ? (
        <SentMessage />
      ) : (
        <form id={formId} className="special-price" onSubmit={form.submit} noValidate>
          <QuantityField {...form.field('quantity')} label="Quantity" maximum={BOUNDS.quantity.maximum} />
          <PriceField
            {...form.field('unit_price')}
            label="Desired unit price"
            description={`Below the list price of ${formatCents(listCents)}.`}
          />
          <TextField {...form.field('note')} label="Note" description="Optional." maxLength={MAX_NOTE} />
        </form>
      )}
    </Dialog>
  );
}

function SentMessage() {
  const message = useRef<HTMLParagraphElement>(null);
  // The form that had focus is gone: the confirmation takes focus, so it is read out.
  useEffect(() => message.current?.focus(), []);
  return (
    <p ref={message} tabIndex={-1} className="special-price__sent">
      Your request was sent. Follow it in <Link href={paths.ordersInProgress}>My Orders: In Progress</Link>
    </p>
  );
}
