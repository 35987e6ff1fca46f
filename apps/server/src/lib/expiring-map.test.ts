import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExpiringMap } from './expiring-map.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createExpiringMap', () => {
  it('answers a value until its time has passed, then forgets it and says so', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const removed: [string, number][] = [];
    const map = createExpiringMap<string, number>({ ttlMs: 1_000, max: 10, onRemove: (k, v) => removed.push([k, v]) });
    map.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(map.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
    expect(removed).toEqual([['a', 1]]);
  });

  it('pushes out the entry set longest ago when full; setting a key again makes it the newest', () => {
    const removed: string[] = [];
    const map = createExpiringMap<string, number>({ ttlMs: 60_000, max: 2, onRemove: (k) => removed.push(k) });
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    expect(removed).toEqual(['a']);
    map.set('c', 4);
    expect(removed).toEqual(['a', 'b']);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('tells of a deleted entry, not of a key it does not hold, nor of a clear', () => {
    const removed: string[] = [];
    const map = createExpiringMap<string, number>({ ttlMs: 60_000, max: 5, onRemove: (k) => removed.push(k) });
    map.set('a', 1);
    map.set('b', 2);
    map.delete('a');
    map.delete('zzz');
    map.clear();
    expect(removed).toEqual(['a']);
    expect(map.size).toBe(0);
  });
});
