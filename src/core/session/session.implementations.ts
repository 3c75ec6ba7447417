/** The session machine's effects: the session API client and the token store. */
import { sessionMachine } from '@machines/session/session.machine';
import type { TokenEvent } from '@machines/session/session.types';
import { fromCallback, fromPromise } from 'xstate';
import { SESSION_ENDED_MESSAGE } from '@/api/api-error';
import type { ApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import { notify } from '@/ui/notify';

export function createSessionLogic(clients: ApiClients) {
  return sessionMachine.provide({
    actors: {
      watchTokens: fromCallback<TokenEvent>(({ sendBack }) =>
        tokenStore.onSessionChange((hasSession, expired) => {
          // The server ended the session (a refused refresh): the sign-in screen says why (§8).
          if (expired) notify({ type: 'error', message: SESSION_ENDED_MESSAGE });
          sendBack({ type: hasSession ? 'session.resumed' : 'session.expired' });
        }),
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
      expireTokens: () => tokenStore.expire(),
    },
    guards: {
      hasStoredTokens: () => tokenStore.hasTokens(),
      hasRefreshToken: () => tokenStore.refreshToken() !== null,
    },
  });
}
