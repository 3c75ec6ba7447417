/**
 * The counter-offer's rules (behaviour §4, §5): its fields per order line, what a line becomes as
 * typed, the lines a counter-offer sends (only those changed, each with only its changed fields)
 * and where a refusal's messages land. The form (components/counter-form.tsx) shows them.
 */
import type { NegotiationRef } from '@machines/negotiation/negotiation.machine';
import { priceAboveMaximumMessage, tooLongMessage } from '@openapi/rules/bounds';
import { moneyOf } from '@openapi/rules/money';
import { centsOfPriceInput } from '@openapi/rules/price';
import { quantityOfInput } from '@openapi/rules/quantity';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import type { EventFrom } from 'xstate';
import { z } from 'zod/mini';
import type { CounterRequest, OrderLine } from '@/api/models';
import { priceCents, quantity } from '@/core/forms/rules';

/** The contract's bounds of `CounterRequest`. */
export const MAX_QUANTITY = FIELD_LIMITS.CounterLine.quantity.maximum;
const MAX_UNIT_PRICE_CENTS = FIELD_LIMITS.CounterLine.unit_price.maximumCents;
export const MAX_NOTE = FIELD_LIMITS.CounterRequest.note.maxLength;

export const UNCHANGED_MESSAGE = 'Change the unit price or the quantity of at least one line.';

export const priceKey = (line: OrderLine) => `unit_price-${line.id}`;
export const quantityKey = (line: OrderLine) => `quantity-${line.id}`;

export function counterSchema(lines: readonly OrderLine[]) {
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

export type CounterValues = Record<string, string>;

/** A line as the form would leave it: the typed price and quantity where they read, the current ones otherwise. */
export function proposed(line: OrderLine, values: CounterValues) {
  const cents = centsOfPriceInput(values[priceKey(line)] ?? '');
  const quantityText = values[quantityKey(line)] ?? '';
  return {
    cents: cents > 0 ? cents : line.unit_price,
    quantity: quantityOfInput(quantityText, MAX_QUANTITY) ?? line.quantity,
  };
}

/** Only the changed lines, each with only its changed fields (contract: `CounterLine`). */
export function counterLinesOf(lines: readonly OrderLine[], values: CounterValues): CounterRequest['lines'] {
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
export function fieldNamesOf(sent: EventFrom<NegotiationRef> | null) {
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

/** The form's first values, in the order of the form so the first field with a message takes focus. */
export function counterValuesOf(lines: readonly OrderLine[]): CounterValues {
  const values: CounterValues = {};
  for (const line of lines) {
    values[priceKey(line)] = Number.isFinite(line.unit_price) ? moneyOf(line.unit_price) : '';
    values[quantityKey(line)] = String(line.quantity);
  }
  values.note = '';
  return values;
}
