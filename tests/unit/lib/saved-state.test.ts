// @vitest-environment jsdom
/**
 * Saved browser state against 10,000 generated values (behaviour §4, kept in the browser):
 * every persisted key gets valid, broken and hostile texts (wrong types, megabytes, deep
 * nesting, half-valid baskets, `__proto__` keys, numbers JSON cannot spell, null bytes), then
 * the app's state layer boots on them. It must never throw, read exactly what is valid, fall back to the default otherwise, and
 * leave in storage either nothing or the value it read.
 *
 * Booting is calling the stores' read functions, without importing the modules again: no store
 * reads storage at import (`persisted()` only builds a key and a schema), and every read goes to
 * localStorage and parses afresh. The basket's one cache, its last snapshot, is only kept while
 * it is subscribed (this test reads it unsubscribed, as at start); a snapshot equal to the last
 * one keeps its objects, which changes identities, not values.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshLease } from '@/api/refresh-lock';
import { tokenStore } from '@/api/token-store';
import { basket, useBasketItems } from '@/core/domain/basket';
import { totalsOf } from '@/core/domain/basket.logic';
import { pendingSubmission } from '@/features/basket/order-submission.implementations';
import { keptDraft } from '@/features/seller-offers/offer-draft-store';
import { STORAGE_PREFIX } from '@/lib/persisted';
import { menuOpen, pageSize, popupBasket, themePreference } from '@/lib/preferences';
import * as values from './saved-state.values';
import { isBasket, isKeptDraft, isLease, isPending, isToken, type Stored } from './saved-state.values';

const SEED = 20_261_124;
const root = path.resolve(__dirname, '../../..');

const oneOf = (allowed: readonly unknown[]) => (v: unknown) => allowed.includes(v);
/** Each persisted key: its default, the invariants a read value keeps, and its stored texts. */
const keys = {
  basket: { fallback: [], valid: isBasket, stored: values.basket },
  'access-token': { fallback: null, valid: isToken, stored: values.token },
  'refresh-token': { fallback: null, valid: isToken, stored: values.token },
  theme: { fallback: 'system', valid: oneOf(['light', 'dark', 'system']), stored: values.theme },
  'menu-open': { fallback: true, valid: oneOf([true, false]), stored: values.flag },
  'popup-basket': { fallback: true, valid: oneOf([true, false]), stored: values.flag },
  'page-size': { fallback: 10, valid: oneOf([10, 25, 50, 100]), stored: values.pageSize },
  'offer-draft.v2': { fallback: null, valid: isKeptDraft, stored: values.keptDraft },
  'order-submission': { fallback: null, valid: isPending, stored: values.pending },
  'refresh-lease': { fallback: null, valid: isLease, stored: values.lease },
};
type Key = keyof typeof keys;
const names = Object.keys(keys) as Key[];
type World = Record<Key, Stored>;

/** `public/theme-init.js`, which reads the theme before the app does; the system is dark. */
const themeInit = new Function(readFileSync(path.join(root, 'public/theme-init.js'), 'utf8'));

/** What the app reads at start, in the order it starts: the pre-paint theme, then the stores. */
function boot(): { read: Record<Key, unknown> & { painted: string | undefined }; problems: string[] } {
  themeInit();
  const read = {
    painted: document.documentElement.dataset.theme,
    basket: basket.items(),
    'access-token': tokenStore.accessToken(),
    'refresh-token': tokenStore.refreshToken(),
    theme: themePreference.read(),
    'menu-open': menuOpen.read(),
    'popup-basket': popupBasket.read(),
    'page-size': pageSize.read(),
    'offer-draft.v2': keptDraft.read(),
    'order-submission': pendingSubmission.read(),
    'refresh-lease': refreshLease.read(),
  };
  const problems: string[] = [];
  if (tokenStore.hasTokens() !== (read['access-token'] !== null || read['refresh-token'] !== null)) {
    problems.push('hasTokens disagrees with the tokens read');
  }
  if (!Object.values(totalsOf(read.basket)).every(Number.isSafeInteger)) problems.push('basket totals are not whole');
  return { read, problems };
}

const storageKey = (key: Key) => `${STORAGE_PREFIX}${key}`;
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
const preview = (value: unknown) => JSON.stringify(value)?.slice(0, 300);
/** Equal as JSON, where a stored value and a read one can be compared. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(asJson(a), asJson(b));
const rawTexts = () => names.map((key) => localStorage.getItem(storageKey(key)));

function store(world: Partial<World>) {
  localStorage.clear();
  for (const [key, { raw }] of Object.entries(world))
    if (raw !== null) localStorage.setItem(storageKey(key as Key), raw);
}

/**
 * What is wrong with one key after boot: its invariants, its verdict, and storage holding nothing
 * or what was read. Problems are collected as text (one `expect` per boot keeps 10,000 boots fast,
 * and a failure with megabyte values prints a short line, not a diff).
 */
function keyProblems(key: Key, stored: Stored, value: unknown): string[] {
  const { fallback, valid } = keys[key];
  const wrong: string[] = [];
  if (!valid(value)) wrong.push('breaks its invariants');
  const { kind } = stored.verdict;
  if (kind === 'value' && !same(value, stored.verdict.value)) wrong.push(`is not ${preview(stored.verdict.value)}`);
  if (kind === 'default' && !same(value, fallback)) wrong.push('is not the default');
  const after = localStorage.getItem(storageKey(key));
  if (kind === 'default' && after !== null) wrong.push('was not removed');
  if (after === null && !same(value, fallback)) wrong.push('was removed, yet is not the default');
  if (after !== null && !same(JSON.parse(after), value)) wrong.push(`left ${preview(after)} stored`);
  return wrong.map((what) => `${key} stored as ${preview(stored.raw)}, read as ${preview(value)}, ${what}`);
}

const prototypes = [Object.prototype, Array.prototype, Function.prototype];
const shapes = prototypes.map((proto) => Object.getOwnPropertyNames(proto).sort().join());
const pollution = () =>
  (({}) as Record<string, unknown>).polluted !== undefined ||
  prototypes.some((proto, i) => Object.getOwnPropertyNames(proto).sort().join() !== shapes[i])
    ? ['a prototype was changed']
    : [];

/** Stores the world, boots twice (the second boot must read the same and change nothing), checks every key. */
function bootOn(world: Partial<World>) {
  store(world);
  const { read, problems } = boot();
  for (const key of names) {
    problems.push(...keyProblems(key, world[key] ?? { raw: null, verdict: { kind: 'default' } }, read[key]));
  }
  if (read.painted !== (read.theme === 'light' ? 'light' : 'dark'))
    problems.push('theme-init.js painted another theme');
  const texts = rawTexts();
  if (!same(boot().read, read)) problems.push('a second boot read otherwise');
  if (!isDeepStrictEqual(rawTexts(), texts)) problems.push('a second boot changed storage');
  problems.push(...pollution());
  expect(problems).toEqual([]);
}

/**
 * localStorage as a browser keeps it, with the 5 MB quota, minus jsdom's habit of queueing a timer
 * per change to tell other windows (there are none here, and 10,000 boots queue 100,000 timers).
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  #size = 0;
  get length() {
    return this.#items.size;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const old = this.#items.get(key);
    const size = this.#size - (old === undefined ? 0 : key.length + old.length) + key.length + value.length;
    if (size > 5_000_000) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.#items.set(key, value);
    this.#size = size;
  }
  removeItem(key: string) {
    const old = this.#items.get(key);
    if (old !== undefined) this.#size -= key.length + old.length;
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
    this.#size = 0;
  }
}

const world: fc.Arbitrary<World> = fc.record(
  Object.fromEntries(names.map((key) => [key, keys[key].stored])) as { [K in Key]: fc.Arbitrary<Stored> },
);
let runs = 0;
const counted = <T>(arbitrary: fc.Arbitrary<T>) =>
  arbitrary.map((v) => {
    runs++;
    return v;
  });
const darkSystem = window.matchMedia;

const jsdomStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
beforeAll(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  window.matchMedia = ((query: string) => ({ matches: true, media: query })) as unknown as typeof window.matchMedia;
});
afterEach(() => localStorage.clear());
afterAll(() => {
  if (jsdomStorage) Object.defineProperty(globalThis, 'localStorage', jsdomStorage);
  window.matchMedia = darkSystem;
  console.info(`saved state: ${runs} generated boots across ${names.length} keys`);
});

describe('saved browser state', () => {
  it('covers every persisted key in src/', () => {
    const found = new Set<string>();
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name)) {
          for (const match of readFileSync(file, 'utf8').matchAll(/\bpersisted\(\s*'([^']+)'/g))
            found.add(match[1] ?? '');
        }
      }
    };
    walk(path.join(root, 'src'));
    expect([...found].sort()).toEqual([...names].sort());
  });

  // 31 s on a busy 2-core machine: the limit is there to catch a hang, not to time the boot.
  it('boots on 8,000 worlds of valid, broken and hostile values in every key', { timeout: 180_000 }, () => {
    fc.assert(fc.property(counted(world), bootOn), { seed: SEED, numRuns: 8_000 });
  });

  it('keeps exactly the valid lines of 1,200 half-valid baskets', () => {
    fc.assert(
      fc.property(counted(values.halfValidBasket), (stored) => bootOn({ basket: stored })),
      {
        seed: SEED,
        numRuns: 1_200,
      },
    );
  });

  it('boots on 40 values of megabytes and deep nesting', () => {
    const { huge } = values;
    const texts = [huge.longString, huge.longGarbage, huge.deepArray, huge.deepObject, huge.longToken];
    // A counterexample prints as its name, not as megabytes.
    const named = (name: string, stored: Stored) => Object.assign(stored, { [fc.toStringMethod]: () => name });
    const hugeStored = fc.oneof(
      fc.constantFrom(...texts).map((make) => named(make.name, { raw: make(), verdict: { kind: 'any' } })),
      values.goodLine.map((line) => named('basketWithLongName', huge.basketWithLongName(line))),
      values.goodLine.map((line) => named('manyLines', huge.manyLines(line))),
    );
    const one = fc.tuple(fc.constantFrom(...names), hugeStored);
    const property = fc.property(counted(one), ([key, stored]) => {
      // The basket-shaped values are only meant for the basket; elsewhere they are just text.
      const meant =
        key === 'basket' || stored.verdict.kind === 'any' ? stored : { ...stored, verdict: { kind: 'any' } };
      bootOn({ [key]: meant });
    });
    fc.assert(property, { seed: SEED, numRuns: 40, endOnFailure: true });
  });

  it('reads 760 values arriving from another tab', () => {
    const basketView = renderHook(() => useBasketItems());
    const heard = new Map<Key, unknown>();
    const stores = {
      theme: themePreference,
      'menu-open': menuOpen,
      'popup-basket': popupBasket,
      'page-size': pageSize,
      'offer-draft.v2': keptDraft,
      'refresh-lease': refreshLease,
      'order-submission': pendingSubmission,
    } as const;
    const stops = Object.entries(stores).map(([key, persisted]) =>
      (persisted as { onOtherTab(listener: (value: unknown) => void): () => void }).onOtherTab((value) =>
        heard.set(key as Key, value),
      ),
    );
    stops.push(tokenStore.onSessionChange((hasSession) => heard.set('refresh-token', hasSession)));
    const heardKeys = ['basket', 'refresh-token', ...Object.keys(stores)] as Key[];
    const change = fc
      .constantFrom(...heardKeys)
      .chain((key) => keys[key].stored.map((stored): [Key, Stored] => [key, stored]));
    const property = fc.property(counted(change), ([key, stored]) => {
      heard.clear();
      // The other tab has written the text, then this tab hears of it.
      if (stored.raw === null) localStorage.removeItem(storageKey(key));
      else localStorage.setItem(storageKey(key), stored.raw);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: storageKey(key), newValue: stored.raw }));
      });
      const value = key === 'basket' ? basketView.result.current : heard.get(key);
      const about = `${key} from another tab as ${preview(stored.raw)}: ${preview(value)}`;
      if (key === 'refresh-token') {
        expect(typeof value, about).toBe('boolean');
      } else {
        expect(keys[key].valid(value), about).toBe(true);
        if (stored.verdict.kind === 'value') expect(same(value, stored.verdict.value), about).toBe(true);
        if (stored.verdict.kind === 'default') expect(same(value, keys[key].fallback), about).toBe(true);
      }
      // A text that fails is removed; one that passes stays as the other tab wrote it.
      const after = localStorage.getItem(storageKey(key));
      if (stored.verdict.kind === 'default') expect(after === null, `${about}, still stored`).toBe(true);
      if (after === null) expect(same(value, key === 'refresh-token' ? false : keys[key].fallback), about).toBe(true);
      else expect(after === stored.raw, `${about}, stored text changed`).toBe(true);
      expect(pollution()).toEqual([]);
    });
    try {
      fc.assert(property, { seed: SEED, numRuns: 760 });
    } finally {
      for (const stop of stops) stop();
      basketView.unmount();
    }
  });
});
