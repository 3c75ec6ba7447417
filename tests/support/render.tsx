/**
 * Renders a page the way the app does: wouter on an in-memory location, the real <Providers>
 * (session actor, API clients) against a fake `fetch`, and the snackbar. Every request must
 * match a route of the fake: an unhandled one fails the test.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { onTestFinished } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createApiClients } from '@/api/client';
import type { Profile } from '@/api/models';
import { tokenStore } from '@/api/token-store';
import { Providers } from '@/app/providers';
import { noticeQueue } from '@/ui/notify';
import { Snackbar } from '@/ui/snackbar';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** A reply, or a function of the request giving one (possibly later, to hold a call in flight). */
export type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/** Routes keyed `METHOD /path` (path without the query string). */
export type Routes = Record<string, Handler>;

export function fakeFetch(routes: Routes) {
  const requests: SeenRequest[] = [];
  const unhandled: string[] = [];
  onTestFinished(() => {
    if (unhandled.length > 0) throw new Error(`Unhandled requests:\n${unhandled.join('\n')}`);
  });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    requests.push(seen);
    const key = `${seen.method} ${seen.path}`;
    const handler = routes[key];
    if (!handler) {
      unhandled.push(`${key}${url.search}`);
      throw new Error(`No fake route for ${key}`);
    }
    const { status = 200, body = {}, headers = {} } = typeof handler === 'function' ? await handler(seen) : handler;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };

  /** The requests seen so far for `METHOD /path`. */
  const callsTo = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
  return { fetch: fetch as typeof globalThis.fetch, requests, callsTo };
}

/** A promise the test settles by hand, to keep a call in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export interface RenderPageOptions {
  /** The location, query string included. */
  path?: string;
  routes?: Routes;
  /** Seeds tokens and answers the session's profile load (unless `routes` answers it). */
  signedIn?: Profile;
  /** Renders inside <StrictMode>, which mounts, unmounts and remounts once. */
  strict?: boolean;
}

export function renderPage(ui: React.ReactNode, options: RenderPageOptions = {}) {
  const { path = '/', routes = {}, signedIn, strict = false } = options;
  if (signedIn) tokenStore.save({ access: 'access-token', refresh: 'refresh-token' });
  const server = fakeFetch(signedIn ? { 'GET /api/v1/profile': { body: signedIn }, ...routes } : routes);
  const location = memoryLocation({ path, record: true });
  const clients = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
  onTestFinished(() => noticeQueue.clear());

  const tree = (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers clients={clients}>
        {ui}
        <Snackbar />
      </Providers>
    </Router>
  );
  const user = userEvent.setup();
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, user, server, location };
}
