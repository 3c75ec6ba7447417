/**
 * The basket's rules as pure functions of its lines (behaviour §3, §4): adding an id already in
 * the basket raises its quantity, a quantity of 0 or less removes the line, clearing empties it.
 * Invariants every function keeps: ids are unique, there are at most MAX_POSITIONS lines, every
 * quantity is a whole number from 1 to MAX_QUANTITY (the contract's bound for a cart line), and
 * totals are sums in integer cents.
 */

import { MAX_UNIT_PRICE_CENTS } from '@openapi/rules/money';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { z } from 'zod/mini';
import { centsOfEuros } from '@/lib/money';

/** The contract's largest quantity for one cart line (CartAddRequest). */
export const MAX_QUANTITY = FIELD_LIMITS.CartAddRequest.quantity.maximum;
/** The most lines a basket holds: what one checkout sends (CheckoutRequest), as the server's cart does. */
export const MAX_POSITIONS = FIELD_LIMITS.CheckoutRequest.cart_item_ids.maxItems;
/** The contract's largest unit price, in euros: every total stays an exact integer number of cents. */
export const MAX_PRICE = MAX_UNIT_PRICE_CENTS / 100;

const basketItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  offer_id: z.int().check(z.positive()),
  name: z.string(),
  /** Euros, as the basket keeps them (behaviour §3); totals convert to cents. */
  price: z.number().check(z.nonnegative(), z.lte(MAX_PRICE)),
  quantity: z.int().check(z.gte(1), z.lte(MAX_QUANTITY)),
  image: z.optional(z.string()),
  hot: z.boolean(),
  publisher: z.string(),
  seller: z.string(),
  region: z.string(),
});

export type BasketItem = z.infer<typeof basketItemSchema>;
export type BasketLines = readonly BasketItem[];

export interface BasketTotals {
  /** The sum of the quantities. */
  totalItems: number;
  /** The number of lines. */
  totalPositions: number;
  /** The sum of price × quantity, each line in whole cents. */
  totalPriceCents: number;
}

const capped = (quantity: number) => Math.min(MAX_QUANTITY, quantity);

/** Lines with unique ids: a repeated id adds its quantity to the first line of that id. */
function mergeDuplicates(lines: BasketLines): BasketItem[] {
  const byId = new Map<string, BasketItem>();
  for (const line of lines) {
    const seen = byId.get(line.id);
    byId.set(line.id, seen ? { ...seen, quantity: capped(seen.quantity + line.quantity) } : line);
  }
  return [...byId.values()];
}

/**
 * A stored basket read line by line (behaviour §4: a saved state that fails validation is
 * ignored): a line that fails its schema is dropped and the valid ones are kept.
 */
function parseLines(stored: unknown[]): BasketItem[] {
  const valid: BasketItem[] = [];
  for (const line of stored) {
    const result = basketItemSchema.safeParse(line);
    if (result.success) valid.push(result.data);
  }
  return mergeDuplicates(valid).slice(0, MAX_POSITIONS);
}

/** The stored shape: a JSON array of lines (anything else is not a basket and is dropped whole). */
export const storedBasketSchema = z.pipe(z.array(z.unknown()), z.transform(parseLines));

/** Whether `id` would be a new line in a basket that has no room for one. */
export const isFullFor = (lines: BasketLines, id: string) =>
  lines.length >= MAX_POSITIONS && !lines.some((line) => line.id === id);

/**
 * Adds `item`; an id already in the basket gets its quantity raised instead (behaviour §4). A new
 * line in a full basket is not added (isFullFor says so first).
 */
export function addLine(lines: BasketLines, item: BasketItem): BasketLines {
  const quantity = Math.trunc(item.quantity);
  if (!(quantity >= 1) || isFullFor(lines, item.id)) return lines;
  if (!lines.some((line) => line.id === item.id)) return [...lines, { ...item, quantity: capped(quantity) }];
  return lines.map((line) => (line.id === item.id ? { ...line, quantity: capped(line.quantity + quantity) } : line));
}

/** Sets a line's quantity; 0 or less removes the line (behaviour §4); a fraction is rounded down, to at least 1. */
export function setLineQuantity(lines: BasketLines, id: string, quantity: number): BasketLines {
  if (Number.isNaN(quantity)) return lines;
  if (quantity <= 0) return removeLine(lines, id);
  const whole = capped(Math.max(1, Math.trunc(quantity)));
  if (!lines.some((line) => line.id === id && line.quantity !== whole)) return lines;
  return lines.map((line) => (line.id === id ? { ...line, quantity: whole } : line));
}

export function removeLine(lines: BasketLines, id: string): BasketLines {
  return lines.some((line) => line.id === id) ? lines.filter((line) => line.id !== id) : lines;
}

/** After an order: the sent quantities come off their lines, and a line left at 0 goes. */
export function removeSentLines(lines: BasketLines, sent: readonly { id: string; quantity: number }[]): BasketLines {
  const sentById = new Map<string, number>();
  for (const { id, quantity } of sent) sentById.set(id, (sentById.get(id) ?? 0) + Math.max(0, quantity));
  const left: BasketItem[] = [];
  for (const line of lines) {
    const quantity = line.quantity - (sentById.get(line.id) ?? 0);
    if (quantity >= 1) left.push(quantity === line.quantity ? line : { ...line, quantity: Math.trunc(quantity) });
  }
  return left.length === lines.length && left.every((line, i) => line === lines[i]) ? lines : left;
}

/** New unit prices (euros) for some lines, as the availability check found them. */
export function setLinePrices(lines: BasketLines, prices: ReadonlyMap<string, number>): BasketLines {
  if (!lines.some((line) => prices.has(line.id) && prices.get(line.id) !== line.price)) return lines;
  return lines.map((line) => {
    const price = prices.get(line.id);
    return price === undefined || price === line.price ? line : { ...line, price };
  });
}

/** One line's total in whole cents: the unit price in cents times the quantity, so sums never drift. */
export const lineTotalCents = (line: BasketItem) => centsOfEuros(line.price) * line.quantity;

export function totalsOf(lines: BasketLines): BasketTotals {
  let totalItems = 0;
  let totalPriceCents = 0;
  for (const line of lines) {
    totalItems += line.quantity;
    totalPriceCents += lineTotalCents(line);
  }
  return { totalItems, totalPositions: lines.length, totalPriceCents };
}
