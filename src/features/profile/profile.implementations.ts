/**
 * My Account's calls, each run by its own form-submission actor: reading the profile on arrival
 * and saving the form (GET and POST /api/v1/profile, on the client with the bearer token).
 */
import { type FormValues, formSubmissionMachine } from '@machines/form-submission/form-submission.machine';
import type { components } from '@openapi/schema';
import { fromPromise } from 'xstate';
import type { ApiClients } from '@/api/client';
import { unwrap } from '@/api/unwrap';

export type Profile = components['schemas']['Profile'];

export const PROFILE_LOAD_FALLBACK = 'Your profile could not be loaded.';
export const PROFILE_SAVE_FALLBACK = 'Your profile could not be saved.';

/** Both actors below resolve to a Profile; the generic machine keeps results as `unknown`. */
export const asProfile = (result: unknown) => result as Profile;

export function createProfileLoadLogic(clients: ApiClients) {
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise<unknown, FormValues>(({ signal }) =>
        unwrap(clients.api.GET('/api/v1/profile', { signal })),
      ),
    },
  });
}

export function createProfileSaveLogic(clients: ApiClients) {
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise<unknown, FormValues>(({ input, signal }) =>
        unwrap(
          clients.api.POST('/api/v1/profile', {
            body: {
              first_name: input.first_name ?? '',
              last_name: input.last_name ?? '',
              phone: input.phone ?? '',
              company: input.company ?? '',
            },
            signal,
          }),
        ),
      ),
    },
  });
}
