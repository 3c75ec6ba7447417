/** The sign-up form's submission: POST /api/v1/register/ on the bare client (nobody is signed in). */
import { type FormValues, formSubmissionMachine } from '@machines/form-submission/form-submission.machine';
import { fromPromise } from 'xstate';
import type { ApiClients } from '@/api/client';
import { unwrap } from '@/api/unwrap';

/** SPEC section 8: the sign-up fallback. */
export const SIGN_UP_FALLBACK = 'Something went wrong';

/** The form sends the registration payload as its values (SPEC section 3). */
export function createRegistrationLogic(clients: ApiClients) {
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise<unknown, FormValues>(({ input, signal }) =>
        unwrap(
          clients.bare.POST('/api/v1/register/', {
            body: {
              email: input.email ?? '',
              raw_password: input.raw_password ?? '',
              first_name: input.first_name ?? '',
              last_name: input.last_name ?? '',
            },
            signal,
          }),
        ),
      ),
    },
  });
}
