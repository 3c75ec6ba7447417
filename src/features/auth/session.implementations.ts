/** The session machine's effects, on the real API clients and token store. */

import { sessionMachine } from '@machines/session/session.machine';
import type { Credentials, RefreshOutcome, SessionProfile, SignInAnswer } from '@machines/session/session.types';
import { fromPromise } from 'xstate';
import type { ApiClients } from '@/api/client';
import { accessToken, clearTokens, refreshToken, storeTokens } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';

export function createSessionLogic(clients: ApiClients) {
  return sessionMachine.provide({
    actors: {
      // The bare client: a 401 here is the machine's to handle (refresh, then reload).
      loadProfile: fromPromise<SessionProfile>(({ signal }) =>
        unwrap(
          clients.bare.GET('/api/v1/profile', {
            headers: { Authorization: `Bearer ${accessToken.read() ?? ''}` },
            signal,
          }),
        ),
      ),
      refreshAccess: fromPromise<RefreshOutcome>(async () => ((await clients.refreshOnce()) ? 'refreshed' : 'refused')),
      signIn: fromPromise<SignInAnswer, Credentials>(({ input, signal }) =>
        unwrap(clients.bare.POST('/api/v1/token', { body: input, signal })),
      ),
      signOut: fromPromise<void>(async () => {
        const refresh = refreshToken.read();
        if (refresh) await clients.bare.POST('/api/v1/token/blacklist', { body: { refresh } });
      }),
    },
    actions: {
      storeTokens: (_, tokens) => storeTokens(tokens),
      clearTokens: () => clearTokens(),
    },
  });
}

export const readSessionInput = () => ({
  hasAccessToken: accessToken.read() !== null,
  hasRefreshToken: refreshToken.read() !== null,
});
