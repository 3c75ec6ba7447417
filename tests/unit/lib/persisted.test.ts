// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { persisted, STORAGE_PREFIX } from '@/lib/persisted';

const menuOpen = persisted('menu-open', z.boolean(), true);

afterEach(() => localStorage.clear());

describe('persisted', () => {
  it('returns the default when nothing is stored', () => {
    expect(menuOpen.read()).toBe(true);
  });

  it('round-trips a valid value under the prefix', () => {
    menuOpen.write(false);
    expect(localStorage.getItem(`${STORAGE_PREFIX}menu-open`)).toBe('false');
    expect(menuOpen.read()).toBe(false);
  });

  it.each(['"yes"', '{not json', '42'])('ignores and removes the corrupt value %s', (raw) => {
    localStorage.setItem(menuOpen.key, raw);
    expect(menuOpen.read()).toBe(true);
    expect(localStorage.getItem(menuOpen.key)).toBeNull();
  });

  it('refuses to write a value that fails the schema', () => {
    expect(() => menuOpen.write('open' as unknown as boolean)).toThrow();
    expect(localStorage.getItem(menuOpen.key)).toBeNull();
  });

  it('hears changes made in another tab, with the value each replaced', () => {
    const listener = vi.fn();
    const stop = menuOpen.onOtherTab(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: menuOpen.key, newValue: 'false' }));
    window.dispatchEvent(new StorageEvent('storage', { key: menuOpen.key, oldValue: 'false', newValue: '"bad"' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'true' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: menuOpen.key, newValue: 'true' }));
    // Nothing before is the default; a value that fails the schema reads as the default; a cleared
    // storage does not say what it held.
    expect(listener.mock.calls).toEqual([
      [false, true],
      [true, false],
      [true, undefined],
    ]);
  });

  it('tells subscribers about writes in this tab and in others', () => {
    const listener = vi.fn();
    const stop = menuOpen.subscribe(listener);
    menuOpen.write(false);
    window.dispatchEvent(new StorageEvent('storage', { key: menuOpen.key, newValue: 'true' }));
    menuOpen.remove();
    stop();
    menuOpen.write(true);
    expect(listener.mock.calls).toEqual([[false], [true], [true]]);
  });
});
