import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLine,
  type BasketItem,
  type BasketLines,
  isFullFor,
  MAX_POSITIONS,
  MAX_PRICE,
  MAX_QUANTITY,
  removeLine,
  removeSentLines,
  setLinePrices,
  setLineQuantity,
  storedBasketSchema,
  totalsOf,
} from '@/core/domain/basket.logic';
import { aBasketItem } from '../../support/basket';

/** A few ids, so that sequences hit the same line again. */
const anId = fc.constantFrom('1', '2', '3', '4', '5');
/** Prices are generated in cents and stored as euros, the way the basket receives them. */
const aPriceInCents = fc.integer({ min: 0, max: MAX_PRICE * 100 });
const aQuantity = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: MAX_QUANTITY }));

const anItem = fc
  .record({ id: anId, cents: aPriceInCents, quantity: aQuantity, hot: fc.boolean() })
  .map(({ id, cents, quantity, hot }): BasketItem => aBasketItem(Number(id), { price: cents / 100, quantity, hot }));

type Step =
  | { type: 'add'; item: BasketItem }
  | { type: 'setQuantity'; id: string; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'removeSent'; sent: { id: string; quantity: number }[] };

const aQuantityToSet = fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double({ min: -3, max: 3, noNaN: true }));

const aStep: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: anItem.map((item) => ({ type: 'add' as const, item })), weight: 4 },
  {
    arbitrary: fc
      .record({ id: anId, quantity: aQuantityToSet })
      .map(({ id, quantity }) => ({ type: 'setQuantity' as const, id, quantity })),
    weight: 3,
  },
  { arbitrary: anId.map((id) => ({ type: 'remove' as const, id })), weight: 1 },
  { arbitrary: fc.constant({ type: 'clear' as const }), weight: 1 },
  {
    arbitrary: fc
      .array(fc.record({ id: anId, quantity: fc.integer({ min: 1, max: 60 }) }), { maxLength: 3 })
      .map((sent) => ({ type: 'removeSent' as const, sent })),
    weight: 2,
  },
);

function apply(lines: BasketLines, step: Step): BasketLines {
  switch (step.type) {
    case 'add':
      return addLine(lines, step.item);
    case 'setQuantity':
      return setLineQuantity(lines, step.id, step.quantity);
    case 'remove':
      return removeLine(lines, step.id);
    case 'clear':
      return [];
    case 'removeSent':
      return removeSentLines(lines, step.sent);
  }
}

const quantityOf = (lines: BasketLines, id: string) => lines.find((line) => line.id === id)?.quantity ?? 0;

function expectInvariants(lines: BasketLines) {
  const ids = lines.map((line) => line.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const line of lines) {
    expect(Number.isInteger(line.quantity)).toBe(true);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
  }
  // Cents from the generated euros, summed as integers: a float sum of prices would drift.
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  expect(totalsOf(lines)).toEqual({
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalPositions: lines.length,
    totalPriceCents: cents,
  });
  expect(Number.isSafeInteger(totalsOf(lines).totalPriceCents)).toBe(true);
}

describe('basket rules', () => {
  it('keep the invariants through any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(aStep, { maxLength: 40 }), (steps) => {
        let lines: BasketLines = [];
        for (const step of steps) {
          const before = lines;
          lines = apply(lines, step);
          expectInvariants(lines);
          if (step.type === 'add') {
            const had = quantityOf(before, step.item.id);
            expect(quantityOf(lines, step.item.id)).toBe(Math.min(MAX_QUANTITY, had + step.item.quantity));
            expect(lines.length).toBe(before.length + (had === 0 ? 1 : 0));
          }
          if (step.type === 'setQuantity' && step.quantity <= 0) {
            expect(quantityOf(lines, step.id)).toBe(0);
          }
          if (step.type === 'setQuantity' && step.quantity > 0 && quantityOf(before, step.id) > 0) {
            expect(quantityOf(lines, step.id)).toBe(Math.max(1, Math.trunc(step.quantity)));
          }
          if (step.type === 'remove' || step.type === 'clear') {
            expect(lines.some((line) => step.type === 'clear' || line.id === step.id)).toBe(false);
          }
        }
      }),
    );
  });

  it('raises the quantity of an id already in the basket instead of adding a line', () => {
    fc.assert(
      fc.property(anItem, anItem, (first, second) => {
        const lines = addLine(addLine([], first), { ...second, id: first.id });
        expect(lines).toHaveLength(1);
        expect(lines[0]?.quantity).toBe(Math.min(MAX_QUANTITY, first.quantity + second.quantity));
        expect(lines[0]?.quantity).toBeGreaterThan(first.quantity === MAX_QUANTITY ? MAX_QUANTITY - 1 : first.quantity);
      }),
    );
  });

  it('holds at most one checkout of lines: a full basket takes no new line, but more of one it has', () => {
    const full = Array.from({ length: MAX_POSITIONS }, (_, index) => aBasketItem(index + 1));
    const newcomer = aBasketItem(MAX_POSITIONS + 1);
    expect(isFullFor(full, newcomer.id)).toBe(true);
    expect(addLine(full, newcomer)).toBe(full);
    const [first] = full as [BasketItem];
    expect(isFullFor(full, first.id)).toBe(false);
    const more = addLine(full, { ...first, quantity: 2 });
    expect(more).toHaveLength(MAX_POSITIONS);
    expect(more[0]?.quantity).toBe(first.quantity + 2);
    expect(isFullFor(full.slice(1), newcomer.id)).toBe(false);
  });

  it('removes a line set to 0 or less', () => {
    fc.assert(
      fc.property(anItem, fc.integer({ max: 0 }), (item, quantity) => {
        expect(setLineQuantity([item], item.id, quantity)).toEqual([]);
      }),
    );
  });

  it('takes away only what was sent', () => {
    fc.assert(
      fc.property(anItem, fc.integer({ min: 1, max: 200 }), (item, sent) => {
        const left = removeSentLines([item], [{ id: item.id, quantity: sent }]);
        expect(quantityOf(left, item.id)).toBe(Math.max(0, item.quantity - sent));
      }),
    );
  });

  it('keeps the same array when nothing changes, so readers do not re-render', () => {
    fc.assert(
      fc.property(anItem, (item) => {
        const lines: BasketLines = [item];
        expect(setLineQuantity(lines, item.id, item.quantity)).toBe(lines);
        expect(removeLine(lines, 'missing')).toBe(lines);
        expect(removeSentLines(lines, [{ id: 'missing', quantity: 1 }])).toBe(lines);
        expect(setLinePrices(lines, new Map([[item.id, item.price]]))).toBe(lines);
      }),
    );
  });

  it('takes new prices, and the totals follow', () => {
    fc.assert(
      fc.property(anItem, aPriceInCents, (item, cents) => {
        const lines = setLinePrices([item], new Map([[item.id, cents / 100]]));
        expect(lines[0]?.price).toBe(cents / 100);
        expect(totalsOf(lines).totalPriceCents).toBe(cents * item.quantity);
      }),
    );
  });
});

describe('a stored basket', () => {
  const good = {
    id: '101',
    offer_id: 101,
    name: 'Starfall Odyssey',
    price: 12.5,
    quantity: 2,
    hot: true,
    publisher: 'Ubisoft',
    seller: 'Keys Direct',
    region: 'EU',
  };

  it('keeps the good lines and drops the bad ones', () => {
    const parsed = storedBasketSchema.safeParse([
      good,
      { ...good, id: '102', offer_id: 102, quantity: 0 },
      { ...good, id: '103', offer_id: 103, price: 'free' },
      'not a line',
      null,
      { ...good, id: '104', offer_id: 104, quantity: 1.5 },
      { ...good, id: '105', offer_id: 105, image: '/img/105.png' },
    ]);
    expect(parsed.success && parsed.data.map((line) => line.id)).toEqual(['101', '105']);
  });

  it('keeps the first lines a basket can hold when more were stored', () => {
    const stored = Array.from({ length: MAX_POSITIONS + 20 }, (_, index) => ({
      ...good,
      id: String(index + 1),
      offer_id: index + 1,
    }));
    const parsed = storedBasketSchema.safeParse(stored);
    expect(parsed.success && parsed.data.map((line) => line.id)).toEqual(
      stored.slice(0, MAX_POSITIONS).map((line) => line.id),
    );
  });

  it('merges lines stored twice under one id', () => {
    const parsed = storedBasketSchema.safeParse([good, { ...good, quantity: 3 }]);
    expect(parsed.success && parsed.data).toEqual([{ ...good, quantity: 5 }]);
  });

  it('is not a basket when it is not a list of lines', () => {
    expect(storedBasketSchema.safeParse({ items: [good] }).success).toBe(false);
  });
});
