/**
 * Fails one API call of a page once, by Playwright route interception, and counts what reached
 * the server. Every `/api/` request of the page goes through one route: it is recorded (method
 * and path with ids replaced, so a clean run tells which calls a journey makes), failed if it is
 * the armed call, and otherwise passed on unchanged.
 */
import type { Page, Route } from '@playwright/test';

export const FAULTS = ['network error', 'server error', 'malformed JSON', 'session ended'] as const;
export type Fault = (typeof FAULTS)[number];

/** One API operation: `POST /api/v1/orders/{id}/counter/response/`. */
export type Call = string;

const REFRESH: Call = 'POST /api/v1/token/refresh';
/** Reads sent as POST (a body too long for a query): they write nothing, so they are not counted. */
const POSTED_READS: ReadonlySet<Call> = new Set(['POST /api/v1/offers/availability/']);
const SIGN_IN: Call = 'POST /api/v1/token';

/** The operation a request is for: numeric ids and the checkout's idempotency key are placeholders. */
export function callOf(method: string, url: string): Call {
  const path = new URL(url).pathname
    .replace(/\/\d+(?=\/|$)/g, '/{id}')
    .replace(/\/cart\/checkout\/[A-Za-z0-9_-]{8,}\//, '/cart/checkout/{key}/');
  return `${method} ${path}`;
}

export class FaultInjector {
  /** Every API call the page made, in order. */
  readonly calls: Call[] = [];
  /** How many faults were injected (a refused refresh belongs to its 401 and is not counted). */
  injected = 0;
  private armed: { call: Call; fault: Fault } | null = null;
  private fired = false;
  /** Where the injected call is in `calls`. */
  private firedAt = -1;
  private refuseRefresh = false;
  /** Writes (anything but GET) that reached the server, per operation. */
  private reached = new Map<Call, number>();

  constructor(private readonly page: Page) {}

  async install() {
    await this.page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => this.handle(route),
    );
  }

  /** Fails the next request for `call` once with `fault`. */
  arm(call: Call, fault: Fault) {
    this.armed = { call, fault };
    this.fired = false;
    this.reached.clear();
  }

  /** Whether the armed fault was injected (the journey made that call). */
  hasFired(): boolean {
    return this.fired;
  }

  /** Ends the case: nothing stays armed, not even a refresh refusal a 401 never led to. */
  disarm() {
    this.armed = null;
    this.refuseRefresh = false;
  }

  /** Forgets the writes counted so far (the user starts the work over). */
  forgetWrites() {
    this.reached.clear();
  }

  /** Whether the page made `call` again after its fault. */
  madeAfterFault(call: Call): boolean {
    return this.calls.lastIndexOf(call) > this.firedAt;
  }

  /** Writes that reached the server since the fault was armed: `{ 'POST /api/v1/…': 1 }`. */
  writes(): Record<Call, number> {
    return Object.fromEntries(this.reached);
  }

  private count(call: Call) {
    if (!call.startsWith('GET ') && !POSTED_READS.has(call)) this.reached.set(call, (this.reached.get(call) ?? 0) + 1);
  }

  private async handle(route: Route) {
    const request = route.request();
    const call = callOf(request.method(), request.url());
    if (call === REFRESH && this.refuseRefresh) {
      this.refuseRefresh = false;
      return route.fulfill({ status: 401, json: { detail: 'Token is invalid or expired', code: 'token_not_valid' } });
    }
    this.calls.push(call);
    if (this.armed?.call !== call) {
      this.count(call);
      return route.continue();
    }
    const { fault } = this.armed;
    this.armed = null;
    this.fired = true;
    this.firedAt = this.calls.length - 1;
    this.injected += 1;
    switch (fault) {
      case 'network error':
        return route.abort('failed');
      case 'server error':
        // As a proxy or a crashed handler answers: no JSON, no detail.
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
      case 'malformed JSON': {
        // The request reached the server and did its work; the answer arrived cut in half.
        const response = await route.fetch();
        this.count(call);
        const text = await response.text();
        const body = text.slice(0, Math.max(1, Math.floor(text.length / 2))) || '{';
        return route.fulfill({ response, status: 200, contentType: 'application/json', body });
      }
      case 'session ended':
        // Sign-in itself is refused as wrong credentials; any other call as an expired token,
        // and the refresh the app then tries is refused too.
        if (call === SIGN_IN) {
          return route.fulfill({ status: 401, json: { detail: 'No active account found with the given credentials' } });
        }
        this.refuseRefresh = true;
        return route.fulfill({
          status: 401,
          json: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
        });
    }
  }
}

/**
 * The calls a clean run made that a fault case should fail, in order of first use, each once:
 * the token refresh is the 401 fault's own second half and the schema is no part of a journey.
 */
export function journeyCalls(calls: readonly Call[]): Call[] {
  return [...new Set(calls)].filter((call) => call !== REFRESH && !call.startsWith('GET /api/v1/schema'));
}
