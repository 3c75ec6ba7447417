/**
 * The edit in progress, kept in the browser from its first change until it is saved or dropped,
 * so a reload or a crashed tab loses nothing (behaviour §2, Manage Offers table): the page offers it back on return. It is
 * kept with the user it belongs to; another user signed in on this browser is not offered it.
 */
import type { OfferDraft } from '@machines/row-editing/row-editing.types';
import { z } from 'zod/mini';
import type { Offer } from '@/api/models';
import { type Persisted, persisted } from '@/lib/persisted';

const id = z.number().check(z.int(), z.gte(1));
const text = z.string().check(z.maxLength(10_000));
const optionId = z.nullable(id);

const draftSchema = z.object({
  product: text,
  unit_price: text,
  publisher_id: optionId,
  seller_id: optionId,
  region_id: optionId,
  start: text,
  end: text,
}) satisfies z.ZodMiniType<OfferDraft>;

/**
 * The offer as the edit began: what the grid shows for the row, and the version the save checks.
 * Its unit price is kept in cents, or null for one the app could not read (NaN is no JSON).
 */
const offerSchema = z.object({
  id,
  version: z.number().check(z.int(), z.gte(1)),
  product: text,
  publisher_id: id,
  publisher: text,
  seller_id: id,
  seller: text,
  region_id: id,
  region: text,
  region_code: text,
  type: z.enum(['regular', 'promo']),
  is_hot: z.boolean(),
  unit_price: z.nullable(z.number().check(z.int())),
  start: text,
  end: text,
  is_published: z.boolean(),
  uploaded_at: text,
  published_at: z.nullable(text),
  image: z.nullable(text),
});

export type KeptDraft = { userId: number; original: Offer; draft: OfferDraft; keptAt: string };

const keptDraftSchema = z.nullable(
  z.object({ userId: id, original: offerSchema, draft: draftSchema, keptAt: z.iso.datetime() }),
);
type Stored = z.infer<typeof keptDraftSchema>;

// Amounts became cents (an amount the app could not read, NaN): a new key for the new shape.
const stored = persisted('offer-draft.v2', keptDraftSchema, null);

const fromStored = (value: Stored): KeptDraft | null =>
  value && { ...value, original: { ...value.original, unit_price: value.original.unit_price ?? Number.NaN } };
const toStored = (value: KeptDraft | null): Stored => {
  if (!value) return null;
  const price = value.original.unit_price;
  return { ...value, original: { ...value.original, unit_price: Number.isFinite(price) ? price : null } };
};

export const keptDraft: Persisted<KeptDraft | null> = {
  key: stored.key,
  read: () => fromStored(stored.read()),
  write: (value) => stored.write(toStored(value)),
  remove: () => stored.remove(),
  onOtherTab: (listener) =>
    stored.onOtherTab((value, previous) => listener(fromStored(value), previous && fromStored(previous))),
  subscribe: (listener) => stored.subscribe((value) => listener(fromStored(value))),
};
