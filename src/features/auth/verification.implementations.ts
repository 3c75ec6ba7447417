/** The e-mail verification call: GET /api/v1/verify-email/?token= on the bare client. */
import { type FormValues, formSubmissionMachine } from '@machines/form-submission/form-submission.machine';
import { type AnyActorRef, fromPromise } from 'xstate';
import type { ApiClients } from '@/api/client';
import { unwrap } from '@/api/unwrap';

/** SPEC section 8: the verify-email fallback. */
export const VERIFY_EMAIL_FALLBACK = 'Please contact support for assistance';

export function createVerificationLogic(clients: ApiClients) {
  // React StrictMode stops and restarts the page's actor right after mounting, and the restart
  // runs an in-flight invocation again: the same invocation (`self`) reuses its first request, so
  // a link is checked once. No abort signal for the same reason; the call is short and idempotent.
  const requests = new WeakMap<AnyActorRef, Promise<unknown>>();
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise<unknown, FormValues>(({ input, self }) => {
        const token = input.token ?? '';
        const request =
          requests.get(self) ?? unwrap(clients.bare.GET('/api/v1/verify-email/', { params: { query: { token } } }));
        requests.set(self, request);
        return request;
      }),
    },
  });
}
