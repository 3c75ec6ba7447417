/**
 * The whole app (`<App />` as main.tsx mounts it) at `path`, on a fake back end answering `routes`:
 * for tests of what happens between the session and the screens (signing in, a stored session
 * that cannot be loaded). Whatever browser storage holds is used as it is.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createApiClients } from '@/api/client';
import { App } from '@/app/app';
import { SessionProviders } from '@/app/session-providers';
import { noticeQueue } from '@/ui/notify';
import { fakeFetch, type Routes } from './render';

export function renderWholeApp(path: string, routes: Routes) {
  const server = fakeFetch(routes);
  const location = memoryLocation({ path, record: true });
  onTestFinished(() => noticeQueue.clear());
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProviders clients={createApiClients({ baseUrl: 'http://test', fetch: server.fetch })}>
        <App />
      </SessionProviders>
    </Router>,
  );
  return { user: userEvent.setup(), server, location };
}
