/** The CSV upload's effects (checking a file, sending it) and the Export CSV of Manage Offers. */
import { offerUploadMachine } from '@machines/offer-upload/offer-upload.machine';
import type { SendEvent, SendInput } from '@machines/offer-upload/offer-upload.types';
import { fromCallback, fromPromise, type MachineImplementationsFrom } from 'xstate';
import { MALFORMED_MESSAGE, UNAVAILABLE_MESSAGE } from '@/api/api-error';
import { isTokenRefusal } from '@/api/auth-middleware';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery, UploadDuplicate } from '@/api/models';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import { listsChanged } from '@/core/data-events';
import { exportCsv } from '@/core/lists/export-csv';
import { checkOfferCsv, offerCsvColumns, refusalOf } from './offer-csv';

const UPLOAD_PATH = '/api/v1/offers/upload/';

type Answer = { status: number; statusText: string; body: unknown };

/**
 * One POST of the file as multipart `file`, by XMLHttpRequest: fetch reports no upload progress.
 * Resolves the answer whatever its status; status 0 when none came; rejects when aborted.
 */
function postFile(
  { file, allowDuplicate }: SendInput,
  token: string | null,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const request = new XMLHttpRequest();
    request.open('POST', allowDuplicate ? `${UPLOAD_PATH}?allow_duplicate=true` : UPLOAD_PATH);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // An answer that is not JSON (a proxy's error page) is a failure told by its status text.
        body = undefined;
      }
      resolve({ status: request.status, statusText: request.statusText, body });
    };
    request.onerror = () => resolve({ status: 0, statusText: '', body: undefined });
    request.onabort = () => reject(signal.reason);
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * Sends the file with the stored access token; a refused token (a 401, or `token_not_valid` at any
 * status) is answered as the API client's middleware does (src/api/auth-middleware.ts): once, with
 * a token another call has refreshed meanwhile or after the shared refresh. A refused refresh
 * leaves a 401, and the session hears of the sign-out from the token store.
 */
async function sendUpload(
  input: SendInput,
  refreshOnce: () => Promise<string | null>,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<Answer> {
  const token = tokenStore.accessToken();
  const answer = await postFile(input, token, onProgress, signal);
  if (!isTokenRefusal(answer.status, answer.body)) return answer;
  const current = tokenStore.accessToken();
  const fresh = current && current !== token ? current : await refreshOnce();
  return fresh ? postFile(input, fresh, onProgress, signal) : { ...answer, status: 401, statusText: 'Unauthorized' };
}

const isDuplicate = (body: unknown): body is UploadDuplicate =>
  typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'duplicate_file';

/** The server's answer as the machine hears it (contract: uploadOffers responses; SPEC §7). */
function outcomeOf({ status, statusText, body }: Answer): SendEvent {
  if (status === 201) return { type: 'send.done', count: (body as { count?: number } | undefined)?.count ?? 0 };
  if (status === 400) return { type: 'send.refused', ...refusalOf(body) };
  if (status === 409 && isDuplicate(body)) {
    return { type: 'send.duplicate', uploadedAt: body.uploaded_at, count: body.count };
  }
  // A success status whose body could not be read: its status text ("OK") would say nothing.
  if (status >= 200 && status < 300) return { type: 'send.failed', message: `Upload failed: ${MALFORMED_MESSAGE}` };
  // behaviour §8: a 503 reads as the service briefly away, not as its status text.
  if (status === 503) return { type: 'send.failed', message: `Upload failed: ${UNAVAILABLE_MESSAGE}` };
  return { type: 'send.failed', message: `Upload failed: ${statusText || 'no answer from the server'}` };
}

export const uploadLogic = (refreshOnce: () => Promise<string | null>) =>
  offerUploadMachine.provide({
    actors: {
      checkFile: fromPromise(async ({ input }) => checkOfferCsv(await input.file.arrayBuffer(), input.options)),
      sendFile: fromCallback<SendEvent, SendInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const progress = (sent: number, total: number) => sendBack({ type: 'send.progress', sent, total });
        sendUpload(input, refreshOnce, progress, controller.signal).then(
          (answer) => {
            const outcome = outcomeOf(answer);
            // Uploaded now, or by the first try whose answer was lost: the offer lists have new rows.
            if (outcome.type === 'send.done' || outcome.type === 'send.duplicate') listsChanged('offers');
            sendBack(outcome);
          },
          // Aborted, the machine has left `sending`; otherwise the refresh could not reach the server.
          () => controller.signal.aborted || sendBack(outcomeOf({ status: 0, statusText: '', body: undefined })),
        );
        return () => controller.abort();
      }),
    },
  } satisfies MachineImplementationsFrom<typeof offerUploadMachine>);

/** Export CSV: every offer of the filtered set in the upload's format, so the file uploads back. */
export const offerExport = (api: ApiClient) => (filters: ManageOfferListQuery, signal: AbortSignal) =>
  exportCsv({
    name: 'offers',
    columns: offerCsvColumns,
    signal,
    fetchPage: (offset, limit, pageSignal) =>
      unwrap(
        api.GET('/api/v1/manage-offers/', { params: { query: { ...filters, offset, limit } }, signal: pageSignal }),
      ),
  });
