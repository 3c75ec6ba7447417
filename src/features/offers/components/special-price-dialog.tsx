import { quantityRangeMessage, tooLongMessage } from '@openapi/rules/bounds';
import { formatCents, moneyOf } from '@openapi/rules/money';
import { centsOfPriceInput, sanitizePrice } from '@openapi/rules/price';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { z } from 'zod/mini';
import type { Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announceChange } from '@/core/data-events';
import { paths } from '@/core/paths';
import { useFailureFeedback } from '@/core/use-failure-feedback';
import { REQUIRED_MESSAGE, useForm } from '@/lib/use-form';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Link } from '@/ui/link';
import { NumberField } from '@/ui/number-field';
import { TextField } from '@/ui/text-field';
import { SPECIAL_PRICE_FALLBACK, specialPriceLogic } from '../offers.implementations';

/** The contract's bounds of `SpecialPriceRequest`. */
const MAX_QUANTITY = FIELD_LIMITS.SpecialPriceRequest.quantity.maximum;
const MAX_NOTE = FIELD_LIMITS.SpecialPriceRequest.note.maxLength;

function specialPriceSchema(listCents: number) {
  const listPrice = formatCents(listCents);
  return z.object({
    quantity: z.string().check(
      z.refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_QUANTITY, {
        message: quantityRangeMessage(MAX_QUANTITY),
      }),
    ),
    unit_price: z.string().check(
      z.minLength(1, REQUIRED_MESSAGE),
      z.refine((value) => centsOfPriceInput(value) > 0, { message: 'Enter a price above zero, for example 9.50.' }),
      z.refine((value) => centsOfPriceInput(value) < listCents, {
        message: `The price must be below the list price of ${listPrice}.`,
      }),
    ),
    note: z.string().check(z.trim(), z.maxLength(MAX_NOTE, tooLongMessage('note', MAX_NOTE))),
  });
}

/**
 * The special-price request of one offer (contract: `requestSpecialPrice`): quantity, desired unit
 * price (below the list price) and a note. On success it says where to follow the request.
 * Mounted while open, so every opening starts with a fresh form.
 */
export function SpecialPriceDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const formId = useId();
  const sending = useActorRef(useApiLogic(specialPriceLogic), { input: { fallback: SPECIAL_PRICE_FALLBACK } });
  const isSending = useSelector(sending, (s) => s.hasTag('busy'));
  const isSent = useSelector(sending, (s) => s.matches('succeeded'));
  const listCents = offer.unit_price;
  const form = useForm(specialPriceSchema(listCents), { quantity: '1', unit_price: '', note: '' });
  useFailureFeedback(sending, 'submission.failed', form, { fallback: SPECIAL_PRICE_FALLBACK });

  useEffect(() => {
    const subscription = sending.on('submission.succeeded', () => announceChange('orders'));
    return () => subscription.unsubscribe();
  }, [sending]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = form.submit();
    if (!valid) return;
    const input = {
      offer_id: offer.id,
      quantity: Number(valid.quantity),
      unit_price: moneyOf(centsOfPriceInput(valid.unit_price)),
      ...(valid.note ? { note: valid.note } : {}),
    };
    const send = { type: 'submission.submit' as const, input };
    if (sending.getSnapshot().can(send)) sending.send(send);
  };

  const quantity = form.field('quantity');
  const price = form.field('unit_price');
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
        <form id={formId} className="special-price" onSubmit={onSubmit} noValidate>
          <NumberField
            label="Quantity"
            minValue={1}
            maxValue={MAX_QUANTITY}
            value={quantity.value === '' ? null : Number(quantity.value)}
            onChange={(value) => quantity.onChange(value === null ? '' : String(value))}
            errorMessage={quantity.errorMessage}
            inputRef={quantity.inputRef}
          />
          <TextField
            {...price}
            label="Desired unit price (€)"
            inputMode="decimal"
            description={`In euros, below the list price of ${formatCents(listCents)}.`}
            onChange={(typed) => price.onChange(sanitizePrice(typed))}
            onBlur={() => {
              const cents = centsOfPriceInput(price.value);
              if (Number.isFinite(cents)) price.onChange(moneyOf(cents));
              price.onBlur();
            }}
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
