import { refusalMessageOf } from '@machines/negotiation/negotiation.logic';
import type { NegotiationRef } from '@machines/negotiation/negotiation.machine';
import { priceAboveMaximumMessage, tooLongMessage } from '@openapi/rules/bounds';
import { formatCents, moneyOf } from '@openapi/rules/money';
import { centsOfPriceInput } from '@openapi/rules/price';
import { quantityOfInput } from '@openapi/rules/quantity';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { useId, useMemo, useRef, useState } from 'react';
import type { EventFrom } from 'xstate';
import { z } from 'zod/mini';
import type { CounterRequest, Order, OrderLine } from '@/api/models';
import { priceCents, quantity } from '@/core/forms/rules';
import { useForm } from '@/core/forms/use-form';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { PriceField } from '@/ui/price-field';
import { QuantityField } from '@/ui/quantity-field';
import { TextField } from '@/ui/text-field';

/** The contract's bounds of `CounterRequest`. */
const MAX_QUANTITY = FIELD_LIMITS.CounterLine.quantity.maximum;
const MAX_UNIT_PRICE_CENTS = FIELD_LIMITS.CounterLine.unit_price.maximumCents;
const MAX_NOTE = FIELD_LIMITS.CounterRequest.note.maxLength;

const UNCHANGED_MESSAGE = 'Change the unit price or the quantity of at least one line.';
/** What a refused counter-offer reads when the server says no more than its field messages. */
const COUNTER_FALLBACK = refusalMessageOf(null, 'counter');

const priceKey = (line: OrderLine) => `unit_price-${line.id}`;
const quantityKey = (line: OrderLine) => `quantity-${line.id}`;

function counterSchema(lines: readonly OrderLine[]) {
  const shape: Record<string, z.ZodMiniType<unknown, string>> = {
    note: z.string().check(z.trim(), z.maxLength(MAX_NOTE, tooLongMessage('note', MAX_NOTE))),
  };
  const withinMaximum = {
    isWithin: (cents: number) => cents <= MAX_UNIT_PRICE_CENTS,
    message: priceAboveMaximumMessage(MAX_UNIT_PRICE_CENTS),
  };
  for (const line of lines) {
    shape[priceKey(line)] = priceCents('Enter a unit price, for example 9.50.', withinMaximum);
    shape[quantityKey(line)] = quantity(MAX_QUANTITY);
  }
  return z.object(shape);
}

type Values = Record<string, string>;

/** A line as the form would leave it: the typed price and quantity where they read, the current ones otherwise. */
function proposed(line: OrderLine, values: Values) {
  const cents = centsOfPriceInput(values[priceKey(line)] ?? '');
  const quantityText = values[quantityKey(line)] ?? '';
  return {
    cents: cents > 0 ? cents : line.unit_price,
    quantity: quantityOfInput(quantityText, MAX_QUANTITY) ?? line.quantity,
  };
}

/** Only the changed lines, each with only its changed fields (contract: `CounterLine`). */
function counterLinesOf(lines: readonly OrderLine[], values: Values): CounterRequest['lines'] {
  return lines.flatMap((line) => {
    const { cents, quantity } = proposed(line, values);
    // A price the app could not read (NaN) changes only once one is typed.
    const priceChanged = Number.isFinite(cents) && cents !== line.unit_price;
    const quantityChanged = quantity !== line.quantity;
    if (!priceChanged && !quantityChanged) return [];
    return [
      {
        line_id: line.id,
        ...(priceChanged && { unit_price: moneyOf(cents) }),
        ...(quantityChanged && { quantity }),
      },
    ];
  });
}

/**
 * Where a refusal's messages go: the server numbers lines as they were sent, so
 * `lines.0.unit_price` is the price of the first line sent; a message about a line as a whole goes
 * onto its first input.
 */
function fieldNamesOf(sent: EventFrom<NegotiationRef> | null) {
  const names: Partial<Record<string, string>> = {};
  if (sent?.type !== 'negotiation.counter') return names;
  sent.counter.lines.forEach(({ line_id }, index) => {
    const line = { id: line_id } as OrderLine;
    names[`lines.${index}.unit_price`] = priceKey(line);
    names[`lines.${index}.quantity`] = quantityKey(line);
    names[`lines.${index}.line_id`] = priceKey(line);
    names[`lines.${index}.non_field_errors`] = priceKey(line);
  });
  return names;
}

/**
 * The seller's counter-offer on an order (behaviour §4): per line a new unit price and/or quantity,
 * old → new beside it and the new total under them, and a note. At least one line must change;
 * only changed lines and fields are sent (`negotiation.counter`). A refusal's field messages land
 * on the inputs of the lines they name (behaviour §5); the server numbers lines as they were sent.
 * The opener closes it when the order changes (the counter-offer was made, or a 409).
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
  const initial = useMemo(() => {
    // In the order of the form, so the first field with a message takes focus.
    const values: Values = {};
    for (const line of order.lines) {
      values[priceKey(line)] = Number.isFinite(line.unit_price) ? moneyOf(line.unit_price) : '';
      values[quantityKey(line)] = String(line.quantity);
    }
    values.note = '';
    return values;
  }, [order.lines]);
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
        {order.lines.map((line, index) => {
          const price = form.field(priceKey(line));
          const quantity = form.field(quantityKey(line));
          const next = proposed(line, form.values);
          const oldCents = line.unit_price;
          const isChanged = changes.some((change) => change.line_id === line.id);
          const keepChanged = (apply: (value: string) => void) => (value: string) => {
            setUnchanged(false);
            apply(value);
          };
          return (
            <fieldset key={line.id} className="counter-line">
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
                  value={price.value ?? ''}
                  onChange={keepChanged(price.onChange)}
                  onBlur={price.onBlur}
                  description={`Now ${formatCents(oldCents)}`}
                  errorMessage={price.errorMessage}
                  inputRef={(element) => {
                    price.inputRef(element);
                    if (index === 0) firstInput.current = element;
                  }}
                />
                <QuantityField
                  {...quantity}
                  value={quantity.value ?? ''}
                  onChange={keepChanged(quantity.onChange)}
                  label="Quantity"
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
                      <OldToNew
                        old={formatCents(oldCents * line.quantity)}
                        next={formatCents(next.cents * next.quantity)}
                      />
                    </span>
                  </>
                ) : (
                  <span className="counter-line__unchanged">Unchanged</span>
                )}
              </p>
            </fieldset>
          );
        })}
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

/** "€12.50 → €11.00"; screen readers hear "€12.50 to €11.00". */
function OldToNew({ old, next }: { old: string; next: string }) {
  return (
    <>
      <s className="counter-line__old">{old}</s>
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> to </span>
      <strong>{next}</strong>
    </>
  );
}
