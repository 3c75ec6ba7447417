/** The session machine's effects: the session API client and the token store. */
import { sessionMachine } from '@machines/session/session.machine';
import type { TokenEvent } from '@machines/session/session.types';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';

export function createSessionLogic(clients: ApiClients) {
  return sessionMachine.provide({
    actors: {
      watchTokens: fromCallback<TokenEvent>(({ sendBack }) =>
        tokenStore.onSessionChange((hasSession) =>
          sendBack({ type: hasSession ? 'session.resumed' : 'session.expired' }),
        ),
      ),
      // No automatic retry on this client: a 401 here is the machine's to handle (refresh, reload).
      loadProfile: fromPromise(({ signal }) => unwrap(clients.session.GET('/api/v1/profile', { signal }))),
      refreshAccess: fromPromise(async () => ((await clients.refreshOnce()) ? 'refreshed' : 'refused')),
      signIn: fromPromise(({ input, signal }) =>
        unwrap(clients.session.POST('/api/v1/token', { body: input, signal })),
      ),
      signOut: fromPromise(async () => {
        const refresh = tokenStore.refreshToken();
        if (refresh) await clients.session.POST('/api/v1/token/blacklist', { body: { refresh } });
      }),
    },
    actions: {
      saveTokens: (_, tokens) => tokenStore.save(tokens),
      forgetTokens: () => tokenStore.clear(),
    },
    guards: {
      hasStoredTokens: () => tokenStore.hasTokens(),
      hasRefreshToken: () => tokenStore.refreshToken() !== null,
    },
  });
}
