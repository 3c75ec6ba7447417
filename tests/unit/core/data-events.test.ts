import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changing, onDataChange } from '@/core/data-events';

const heard: string[] = [];
const stops = [onDataChange('offers', () => heard.push('offers')), onDataChange('orders', () => heard.push('orders'))];
afterEach(() => {
  heard.length = 0;
});
afterAll(() => {
  for (const stop of stops) stop();
});

const refusal = (status: number) => Object.assign(new Error('refused'), { status });
const isConflict = (error: unknown) => (error as { status?: number }).status === 409;

describe('changing: a write and the lists it changes (behaviour §7)', () => {
  it('reloads the lists of the data it names once the server took the write, and hands on its answer', async () => {
    await expect(changing(['orders'], Promise.resolve(42))).resolves.toBe(42);
    expect(heard).toEqual(['orders']);
  });

  it('reloads on a refusal only when the refusal says the lists are stale', async () => {
    await expect(changing(['orders'], Promise.reject(refusal(400)), isConflict)).rejects.toThrow('refused');
    expect(heard).toEqual([]);
    await expect(changing(['orders'], Promise.reject(refusal(409)), isConflict)).rejects.toThrow('refused');
    expect(heard).toEqual(['orders']);
  });

  it('reloads nothing for a call abandoned on the way (its dialog closed), whatever the refusal rule', async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    await expect(changing(['offers'], Promise.reject(aborted), () => true)).rejects.toBe(aborted);
    expect(heard).toEqual([]);
  });
});
