/**
 * `POST /api/v1/offers/availability/`: whether offers can still be ordered and at what price, for
 * a basket that was filled earlier (any signed-in user). One entry per distinct id, in request order.
 *
 * What an unpublished offer shows depends on who asks (behaviour §6): its seller (the owner of
 * its storefront) sees it whole; to anyone else one never published does not exist, and a
 * withdrawn one shows product and price only while they are what clients saw published
 * (`public_version`, migration 0009).
 */
import { Hono } from 'hono';
import { moneyOf } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import { readJson } from '../http/body';
import { isPrivateDraft, offersToOrder } from '../queries/orderable-offers';

type OfferAvailability = components['schemas']['OfferAvailability'];

export function offerAvailabilityRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/offers/availability/', async (c) => {
    const body = ctx.contract.body('checkOfferAvailability', await readJson(c));
    const user = c.get('user');
    const ids = [...new Set(body.offer_ids)];
    const byId = await offersToOrder(ctx.db, ids, ctx.now());
    const result = ids.map((id): OfferAvailability => {
      const offer = byId.get(id);
      const isOwn = offer?.ownerId === user.id;
      if (!offer || (!isOwn && offer.publicVersion === null)) {
        return { offer_id: id, status: 'not_found', unit_price: null, product: null };
      }
      // Withdrawn wins over ended: the seller took it back, whatever its dates.
      const status = offer.isOrderable ? 'available' : offer.isPublished ? 'ended' : 'withdrawn';
      if (isPrivateDraft(offer, user.id)) {
        return { offer_id: id, status, unit_price: null, product: null };
      }
      return { offer_id: id, status, unit_price: moneyOf(offer.unitPriceCents), product: offer.product };
    });
    return c.json({ offers: result });
  });
}
