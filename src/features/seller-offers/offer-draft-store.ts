/**
 * The edit in progress, kept in the browser from its first change until it is saved or dropped,
 * so a reload or a crashed tab loses nothing (issue 9): the page offers it back on return. It is
 * kept with the user it belongs to; another user signed in on this browser is not offered it.
 */
import type { OfferDraft } from '@machines/row-editing/row-editing.types';
import { z } from 'zod/mini';
import type { Offer } from '@/api/models';
import { persisted } from '@/lib/persisted';

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

/** The offer as the edit began: what the grid shows for the row, and the version the save checks. */
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
  unit_price: text,
  start: text,
  end: text,
  is_published: z.boolean(),
  uploaded_at: text,
  published_at: z.nullable(text),
  image: z.nullable(text),
}) satisfies z.ZodMiniType<Offer>;

export type KeptDraft = { userId: number; original: Offer; draft: OfferDraft; keptAt: string };

const keptDraftSchema = z.nullable(
  z.object({ userId: id, original: offerSchema, draft: draftSchema, keptAt: z.iso.datetime() }),
);

export const keptDraft = persisted('offer-draft', keptDraftSchema, null);
