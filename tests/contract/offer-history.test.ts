/**
 * The history of offers and the revert of a batch: what each write records (row edit, bulk update,
 * publish, withdraw, upload, revert), who may read and revert it, paging and filters, and the
 * 409s of a revert (changed since, already reverted, an upload).
 */
import { eq } from 'drizzle-orm';
import { publishers } from '../../server/db/schema';
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { DAY, uniqueTag, uploadAlphaBeta } from './support/offers';
import {
  type ErrorBody,
  meetingAtTheDatabase,
  type Offer,
  type OfferBatchResult,
  type OfferConflict,
  type Schemas,
  serverPerFile,
} from './support/server';
import { must } from './support/util';

type RecordPage = Schemas['OfferChangeRecordPage'];
type RevertRefused = Schemas['RevertRefused'];

const api = serverPerFile();
ownsOperations(api, 'offer-history');
const demo = demoAccounts(api);

const history = (offer: Offer, query: Record<string, string | number> = {}, token = demo.seller) =>
  api.req<RecordPage>(200, 'GET', `/api/v1/manage-offers/${offer.id}/history/`, { token, query });
const changes = (query: Record<string, string | number>, token = demo.seller) =>
  api.req<RecordPage>(200, 'GET', '/api/v1/manage-offers/changes/', { token, query });
const update = (offers: Record<string, unknown>[], source?: string) =>
  api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
    token: demo.seller,
    json: source === undefined ? { offers } : { offers, source },
  });
const revertUrl = (batchId: number) => `/api/v1/manage-offers/changes/${batchId}/revert/`;
const revert = (batchId: number) => api.req<OfferBatchResult>(200, 'POST', revertUrl(batchId), { token: demo.seller });

describe('recording', () => {
  it('records a row edit as old → new per field, over the upload that created the offer', async () => {
    const { alpha, result } = await uploadAlphaBeta(api, demo, uniqueTag());
    const edited = await update([{ id: alpha.id, version: alpha.version, unit_price: '15.00' }], 'row_edit');
    const page = await history(alpha);
    expect(page.count).toBe(2);
    const [edit, upload] = page.results;
    expect(edit).toMatchObject({
      offer_id: alpha.id,
      product: alpha.product,
      batch_id: must(edited.batch_id),
      source: 'row_edit',
      changes: [{ field: 'unit_price', old: '12.50', new: '15.00' }],
      reverted_by: null,
    });
    expect(must(edit).actor).not.toBe('');
    expect(upload).toMatchObject({ source: 'upload', batch_id: must(result.batch_id) });
    expect(must(upload).changes).toContainEqual({ field: 'product', old: null, new: alpha.product });
    expect(must(upload).changes).toContainEqual({ field: 'start', old: null, new: alpha.start });
  });

  it('records a bulk update as one batch, leaving out offers it did not change', async () => {
    const { alpha, beta } = await uploadAlphaBeta(api, demo, uniqueTag());
    const pasted = await update(
      [
        { id: alpha.id, is_hot: false },
        { id: beta.id, is_hot: true },
      ],
      'paste',
    );
    const batch = must(pasted.batch_id);
    const mine = await changes({ source: 'paste', limit: 100 });
    const records = mine.results.filter((record) => record.batch_id === batch);
    expect(records.map((record) => record.offer_id).sort()).toEqual([alpha.id, beta.id].sort());
    expect(records.every((record) => record.source === 'paste')).toBe(true);

    // Without `source` a bulk update says bulk_update; an offer whose values stay is not recorded.
    const bulk = await update([
      { id: alpha.id, type: 'regular' },
      { id: beta.id, type: 'regular' },
    ]);
    const alphaOnly = await changes({ offer: alpha.id, limit: 1 });
    expect(alphaOnly.results[0]).toMatchObject({ batch_id: bulk.batch_id, source: 'bulk_update' });
    expect((await history(beta)).results[0]?.batch_id).toBe(batch);

    // A write that changes no value records nothing and names no batch.
    const same = await update([{ id: alpha.id, type: 'regular' }]);
    expect(same.batch_id).toBeUndefined();
    expect((await history(alpha)).count).toBe(3);
  });

  it('records publishing and withdrawing', async () => {
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    const publish = (value: boolean) =>
      api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
        token: demo.seller,
        json: { offer_ids: [alpha.id], publish: value },
      });
    const published = await publish(true);
    expect((await history(alpha)).results[0]).toMatchObject({
      batch_id: published.batch_id,
      source: 'publish',
      changes: [{ field: 'is_published', old: false, new: true }],
    });
    // Publishing again writes nothing, so records nothing.
    expect((await publish(true)).batch_id).toBeUndefined();
    await publish(false);
    expect((await history(alpha)).results[0]).toMatchObject({
      source: 'withdraw',
      changes: [{ field: 'is_published', old: true, new: false }],
    });
  });
});

describe('authorization', () => {
  it('answers 404 for another seller’s offer or batch, 403 for a client', async () => {
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    const edited = await update([{ id: alpha.id, product: `${alpha.product} 2` }]);
    const batch = must(edited.batch_id);
    await api.req(404, 'GET', `/api/v1/manage-offers/${alpha.id}/history/`, { token: demo.seller2 });
    await api.req(404, 'POST', revertUrl(batch), { token: demo.seller2 });
    expect((await changes({ offer: alpha.id }, demo.seller2)).count).toBe(0);
    await api.req(403, 'GET', `/api/v1/manage-offers/${alpha.id}/history/`, { token: demo.client });
    await api.req(403, 'GET', '/api/v1/manage-offers/changes/', { token: demo.client });
    await api.req(403, 'POST', revertUrl(batch), { token: demo.client });
    // Nothing was reverted by the refused attempts; no such batch or offer is a 404 as well.
    expect((await history(alpha)).results[0]?.reverted_by).toBeNull();
    await api.req(404, 'POST', revertUrl(999_999_999), { token: demo.seller });
    await api.req(404, 'GET', '/api/v1/manage-offers/999999999/history/', { token: demo.seller });
  });
});

describe('paging and filters', () => {
  it('pages newest first and filters by source, offer and time', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    for (const price of ['1.00', '2.00', '3.00']) await update([{ id: alpha.id, unit_price: price }], 'fill');
    const first = await history(alpha, { limit: 2 });
    expect(first.count).toBe(4);
    expect(first.previous).toBeNull();
    expect(first.results.map((record) => record.changes[0]?.new)).toEqual(['3.00', '2.00']);
    const second = await api.req<RecordPage>(200, 'GET', must(first.next), { token: demo.seller });
    expect(second.results.map((record) => record.source)).toEqual(['fill', 'upload']);
    expect(second.next).toBeNull();

    expect((await changes({ offer: alpha.id, source: 'fill' })).count).toBe(3);
    expect((await changes({ offer: alpha.id, source: 'upload' })).count).toBe(1);
    expect((await changes({ offer: alpha.id, since: before })).count).toBe(4);
    expect((await changes({ offer: alpha.id, since: new Date(Date.now() + DAY).toISOString() })).count).toBe(0);
    await api.req(400, 'GET', '/api/v1/manage-offers/changes/', { token: demo.seller, query: { source: 'typing' } });
  });
});

describe('revertOfferChanges', () => {
  it('puts back the old values as one write, recorded as a revert batch', async () => {
    const { alpha, beta } = await uploadAlphaBeta(api, demo, uniqueTag());
    const filled = await update(
      [
        { id: alpha.id, unit_price: '20.00', product: `${alpha.product} X` },
        { id: beta.id, unit_price: '20.00' },
      ],
      'fill',
    );
    const batch = must(filled.batch_id);
    const reverted = await revert(batch);
    expect(reverted.count).toBe(2);
    const after = new Map(reverted.offers.map((offer) => [offer.id, offer]));
    expect(after.get(alpha.id)).toMatchObject({
      unit_price: '12.50',
      product: alpha.product,
      version: alpha.version + 2,
    });
    expect(after.get(beta.id)).toMatchObject({ unit_price: '7.05', version: beta.version + 2 });

    const [undo, edit] = (await history(alpha)).results;
    expect(undo).toMatchObject({ batch_id: must(reverted.batch_id), source: 'revert', reverted_by: null });
    expect(must(undo).changes).toContainEqual({ field: 'unit_price', old: '20.00', new: '12.50' });
    expect(edit).toMatchObject({ batch_id: batch, reverted_by: reverted.batch_id });

    // A revert is a batch like any other: reverting it puts the fill back.
    const redone = await revert(must(reverted.batch_id));
    expect(redone.offers.find((offer) => offer.id === alpha.id)?.unit_price).toBe('20.00');
  });

  it('answers 409 with the current offer when a field changed since, and writes nothing', async () => {
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    const first = await update([{ id: alpha.id, unit_price: '30.00' }], 'bulk_update');
    const later = await update([{ id: alpha.id, unit_price: '31.00' }], 'row_edit');
    const current = must(later.offers[0]);
    const conflict = await api.req<OfferConflict>(409, 'POST', revertUrl(must(first.batch_id)), { token: demo.seller });
    expect(conflict.code).toBe('stale_version');
    expect(conflict.offers).toEqual([current]);
    expect((await history(alpha)).results[0]?.batch_id).toBe(later.batch_id);

    // A later change of another field leaves the batch's fields as it wrote them: it reverts.
    await update([{ id: alpha.id, is_hot: false }]);
    const reverted = await revert(must(later.batch_id));
    expect(reverted.offers[0]).toMatchObject({ unit_price: '30.00', is_hot: false });
  });

  it('answers 409 already_reverted the second time, and not_revertible for an upload', async () => {
    const { alpha, result } = await uploadAlphaBeta(api, demo, uniqueTag());
    const edited = await update([{ id: alpha.id, is_hot: false }]);
    await revert(must(edited.batch_id));
    const again = await api.req<RevertRefused>(409, 'POST', revertUrl(must(edited.batch_id)), { token: demo.seller });
    expect(again.code).toBe('already_reverted');
    const upload = await api.req<RevertRefused>(409, 'POST', revertUrl(must(result.batch_id)), { token: demo.seller });
    expect(upload.code).toBe('not_revertible');
  });
});

describe('revertOfferChanges under the edit rules and at once', () => {
  it('answers 400 naming the offer when a value it would put back is gone, and writes nothing', async () => {
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    const [gone] = await api.server.ctx.db
      .insert(publishers)
      .values({ name: `Publisher ${uniqueTag()}` })
      .returning({ id: publishers.id });
    const away = await update([{ id: alpha.id, publisher_id: must(gone).id }]);
    expect(away.offers[0]?.publisher_id).toBe(must(gone).id);
    const back = await update([{ id: alpha.id, publisher_id: alpha.publisher_id }]);
    // Nothing refers to the publisher any more, so it can go; reverting `back` would bring it back.
    await api.server.ctx.db.delete(publishers).where(eq(publishers.id, must(gone).id));
    const refused = await api.req<ErrorBody>(400, 'POST', revertUrl(must(back.batch_id)), { token: demo.seller });
    expect(refused.non_field_errors).toEqual([
      `${alpha.product}: Invalid pk "${must(gone).id}" - object does not exist.`,
    ]);
    expect((await history(alpha)).results[0]?.reverted_by).toBeNull();
  });

  it('reverts a publish, and lets only one of two reverts of a batch at the same moment through', async () => {
    const { alpha } = await uploadAlphaBeta(api, demo, uniqueTag());
    const published = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [alpha.id], publish: true },
    });
    const send = () => api.call<OfferBatchResult>('POST', revertUrl(must(published.batch_id)), { token: demo.seller });
    const answers = await meetingAtTheDatabase(api, () => Promise.all([send(), send()]));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const reverted = must(answers.find((answer) => answer.status === 200)).body;
    expect(reverted.offers[0]).toMatchObject({ id: alpha.id, is_published: false, published_at: null });
    const [undo] = (await history(alpha)).results;
    expect(undo).toMatchObject({ source: 'revert', changes: [{ field: 'is_published', old: true, new: false }] });
  });
});
