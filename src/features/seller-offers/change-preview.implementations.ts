/**
 * The change preview's rules and calls (machines/change-preview, behaviour §7): each row checked
 * by the editing row's offer rules, the ticked rows written with
 * `POST /api/v1/manage-offers/update/` (their versions and the preview's `source`, at most the
 * contract's `maxItems` per call, as the bulk actions send them), and Undo as
 * `POST /api/v1/manage-offers/changes/{batchId}/revert/`.
 */
import { changePreviewMachine } from '@machines/change-preview/change-preview.machine';
import type { PreviewRow } from '@machines/change-preview/change-preview.types';
import { statusOf } from '@machines/shared/message-of';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { type ActorRefFrom, assign, fromPromise, type MachineImplementationsFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { validateOfferDraft } from './offer-rules';
import { changeOf, isStaleVersion, toDraft } from './seller-offers.implementations';

/**
 * The most offers the update call takes. Read from the contract here rather than from the bulk
 * actions, whose machine and calls the page then loaded before any row was selected.
 */
const MOST_PER_CALL = FIELD_LIMITS.BulkUpdateRequest.offers.maxItems;

/** The row's offer with the proposed values, as the editing row would hold it. */
const draftOf = (row: PreviewRow) => ({ ...toDraft(row.offer), ...row.patch });

/** The rules the editing row's draft meets, and the values that could not be read. */
const checked = (row: PreviewRow): PreviewRow => ({
  ...row,
  problems: { ...validateOfferDraft(draftOf(row)), ...row.unreadable },
});

const changePreviewImplementations = (api: ApiClient) =>
  ({
    actions: { checkRows: assign(({ context }) => ({ rows: context.rows.map(checked) })) },
    actors: {
      applyChanges: fromPromise(async ({ input, signal }) => {
        const rows = input.rows.slice(0, MOST_PER_CALL);
        const offers = rows.map((row) =>
          changeOf({ original: row.offer, draft: draftOf(row), initial: toDraft(row.offer) }),
        );
        const call = api.POST('/api/v1/manage-offers/update/', { body: { offers, source: input.source }, signal });
        try {
          const result = await changing(['offers'], unwrap(call));
          return { sent: rows.length, written: result.count, batchId: result.batch_id ?? null };
        } catch (error) {
          if (statusOf(error) !== 409) throw error;
          const { error: body } = await call;
          if (!isStaleVersion(body)) throw error;
          return { conflict: body.offers };
        }
      }),
      revertBatch: fromPromise(({ input, signal }) =>
        changing(
          ['offers'],
          unwrap(
            api.POST('/api/v1/manage-offers/changes/{batchId}/revert/', {
              params: { path: { batchId: input.batchId } },
              signal,
            }),
          ),
        ),
      ),
    },
  }) satisfies MachineImplementationsFrom<typeof changePreviewMachine>;

export const changePreviewLogic = (api: ApiClient) => changePreviewMachine.provide(changePreviewImplementations(api));

export type ChangePreviewRef = ActorRefFrom<ReturnType<typeof changePreviewLogic>>;
