/** Text rules the forms share (behaviour §5). */
import { quantityRangeMessage } from '@openapi/rules/bounds';
import { centsOfPriceInput } from '@openapi/rules/price';
import { quantityOfInput } from '@openapi/rules/quantity';
import { z } from 'zod/mini';

export const REQUIRED_MESSAGE = 'The field is required';
export const required = () => z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE));
/** Required, but kept as typed: a password's spaces are part of it. */
export const requiredSecret = () =>
  z.string().check(z.refine((value) => value.trim() !== '', { message: REQUIRED_MESSAGE }));

/** A quantity field's text, read as a whole number from 1 to the operation's `maximum`. */
export const quantity = (maximum: number) =>
  z.pipe(
    z
      .string()
      .check(z.refine((text) => quantityOfInput(text, maximum) !== null, { message: quantityRangeMessage(maximum) })),
    z.transform((text) => Number(text)),
  );

/**
 * A price field's text, read in cents: required (with `requiredMessage`), above zero and within
 * `isWithin`, whose message the caller gives (the list price, the contract's maximum).
 */
export const priceCents = (requiredMessage: string, limit: { isWithin: (cents: number) => boolean; message: string }) =>
  z.pipe(
    z.string().check(
      z.minLength(1, requiredMessage),
      z.refine((price) => centsOfPriceInput(price) > 0, { message: 'Enter a price above zero, for example 9.50.' }),
      z.refine((price) => limit.isWithin(centsOfPriceInput(price)), { message: limit.message }),
    ),
    z.transform((price) => centsOfPriceInput(price)),
  );
