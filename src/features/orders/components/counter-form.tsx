import { refusalMessageOf } from '@machines/negotiation/negotiation.logic';
import type { NegotiationRef } from '@machines/negotiation/negotiation.machine';
import { formatCents } from '@openapi/rules/money';
import { useId, useMemo, useRef, useState } from 'react';
import type { Order, OrderLine } from '@/api/models';
import { type FormField, useForm } from '@/core/forms/use-form';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { OldToNew } from '@/ui/old-to-new';
import { PriceField } from '@/ui/price-field';
import { QuantityField } from '@/ui/quantity-field';
import { TextField } from '@/ui/text-field';
import {
  counterLinesOf,
  counterSchema,
  counterValuesOf,
  fieldNamesOf,
  MAX_NOTE,
  MAX_QUANTITY,
  priceKey,
  proposed,
  quantityKey,
  UNCHANGED_MESSAGE,
} from '../counter-offer';

/** What a refused counter-offer reads when the server says no more than its field messages. */
const COUNTER_FALLBACK = refusalMessageOf(null, 'counter');

/**
 * The seller's counter-offer on an order (behaviour §4): per line a new unit price and/or quantity,
 * old → new beside it and the new total under them, and a note. At least one line must change;
 * only changed lines and fields are sent (`negotiation.counter`). A refusal's field messages land
 * on the inputs of the lines they name (behaviour §5); the server numbers lines as they were sent.
 * It is open while the negotiation machine is `countering`: sent, or the order changed meanwhile, it closes.
 */
export function CounterForm({
  order,
  negotiation,
  onClose,
}: {
  order: Order;
  negotiation: NegotiationRef;
  onClose: () => void;
}) {
  const formId = useId();
  const initial = useMemo(() => counterValuesOf(order.lines), [order.lines]);
  const [unchanged, setUnchanged] = useState(false);
  const firstInput = useRef<HTMLInputElement | null>(null);
  const form = useForm({
    schema: counterSchema(order.lines),
    initial,
    workflow: negotiation,
    // Only what changed against the order is sent, read from the text as the preview reads it.
    toEvent: (valid, typed) => {
      const lines = counterLinesOf(order.lines, typed);
      if (lines.length === 0) {
        setUnchanged(true);
        firstInput.current?.focus();
        return null;
      }
      const note = String(valid.note);
      return { type: 'negotiation.counter', counter: { lines, ...(note && { note }) } };
    },
    failure: { type: 'negotiation.failed', fallback: COUNTER_FALLBACK, fields: fieldNamesOf },
  });
  const isSending = form.isBusy;

  const changes = counterLinesOf(order.lines, form.values);
  const currentCents = order.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  const newCents = order.lines.reduce((sum, line) => {
    const { cents, quantity } = proposed(line, form.values);
    return sum + cents * quantity;
  }, 0);

  const footer = (
    <>
      <Button onPress={onClose} isDisabled={isSending}>
        Cancel
      </Button>
      <Button variant="primary" type="submit" form={formId} isPending={isSending}>
        Send counter-offer
      </Button>
    </>
  );
  return (
    <Dialog
      title={`Counter-offer on order #${order.id}`}
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      isDismissDisabled={isSending}
      size="large"
      footer={footer}
    >
      <form id={formId} className="counter-form" onSubmit={form.submit} noValidate>
        <p className="counter-form__intro">
          Propose a new unit price, a new quantity or both for the lines you want to change. The client then accepts or
          declines the counter-offer.
        </p>
        {order.lines.map((line, index) => (
          <CounterLineFields
            key={line.id}
            line={line}
            price={form.field(priceKey(line))}
            quantity={form.field(quantityKey(line))}
            next={proposed(line, form.values)}
            isChanged={changes.some((change) => change.line_id === line.id)}
            onEdit={() => setUnchanged(false)}
            firstInput={index === 0 ? firstInput : undefined}
          />
        ))}
        <p className="counter-form__total">
          Total{' '}
          {newCents === currentCents ? (
            `${formatCents(currentCents)} (unchanged)`
          ) : (
            <OldToNew old={formatCents(currentCents)} next={formatCents(newCents)} />
          )}
        </p>
        {unchanged && (
          <p role="alert" className="counter-form__problem">
            {UNCHANGED_MESSAGE}
          </p>
        )}
        <TextField {...form.field('note')} label="Note to the client" description="Optional." maxLength={MAX_NOTE} />
      </form>
    </Dialog>
  );
}

interface CounterLineFieldsProps {
  line: OrderLine;
  price: FormField<string>;
  quantity: FormField<string>;
  /** The line as typed (its current price and quantity where the text does not read). */
  next: { cents: number; quantity: number };
  isChanged: boolean;
  /** Any edit takes back "change at least one line". */
  onEdit: () => void;
  /** The first line's price input, where "change at least one line" puts focus. */
  firstInput: React.RefObject<HTMLInputElement | null> | undefined;
}

/** One order line: its new unit price and quantity, and old → new for what changes. */
function CounterLineFields({ line, price, quantity, next, isChanged, onEdit, firstInput }: CounterLineFieldsProps) {
  const oldCents = line.unit_price;
  const edited = (apply: (value: string) => void) => (value: string) => {
    onEdit();
    apply(value);
  };
  return (
    <fieldset className="counter-line">
      <legend className="counter-line__product">
        {line.product}
        <span className="counter-line__meta">
          {line.publisher} / {line.region}
        </span>
      </legend>
      <div className="counter-line__fields">
        <PriceField
          label="Unit price"
          name={price.name}
          value={price.value}
          onChange={edited(price.onChange)}
          onBlur={price.onBlur}
          description={`Now ${formatCents(oldCents)}`}
          errorMessage={price.errorMessage}
          inputRef={(element) => {
            price.inputRef(element);
            if (firstInput) firstInput.current = element;
          }}
        />
        <QuantityField
          {...quantity}
          onChange={edited(quantity.onChange)}
          label="Quantity"
          maximum={MAX_QUANTITY}
          description={`Now ${line.quantity}`}
        />
      </div>
      <p className="counter-line__change">
        {isChanged ? (
          <>
            {next.cents !== oldCents && (
              <span>
                Unit price <OldToNew old={formatCents(oldCents)} next={formatCents(next.cents)} />
              </span>
            )}
            {next.quantity !== line.quantity && (
              <span>
                Quantity <OldToNew old={String(line.quantity)} next={String(next.quantity)} />
              </span>
            )}
            <span>
              Line total{' '}
              <OldToNew old={formatCents(oldCents * line.quantity)} next={formatCents(next.cents * next.quantity)} />
            </span>
          </>
        ) : (
          <span className="counter-line__unchanged">Unchanged</span>
        )}
      </p>
    </fieldset>
  );
}
