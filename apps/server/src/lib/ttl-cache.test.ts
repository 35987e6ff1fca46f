import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

/** A thenable that does its work on every `then`, as a Drizzle query does. */
function lazyQuery<V>(value: V, runs: { n: number }): PromiseLike<V> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: the shape under test is a thenable
    then(onFulfilled, onRejected) {
      runs.n += 1;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
}

describe('createTtlCache', () => {
  it('runs a lazy query once for every reader within the time, and again after it', async () => {
    let clock = 0;
    const cache = createTtlCache<string>(1_000, () => clock);
    const runs = { n: 0 };
    const load = () => lazyQuery('games', runs);
    const answers = await Promise.all([cache.get('all', load), cache.get('all', load), cache.get('all', load)]);
    expect(answers).toEqual(['games', 'games', 'games']);
    expect(await cache.get('all', load)).toBe('games');
    expect(runs.n).toBe(1);
    clock = 1_000;
    expect(await cache.get('all', load)).toBe('games');
    expect(runs.n).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache<number>(1_000, () => 0);
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 7;
    };
    await expect(cache.get('k', load)).rejects.toThrow('down');
    expect(await cache.get('k', load)).toBe(7);
    expect(calls).toBe(2);
  });

  it('peeks at a loaded, fresh value only', async () => {
    let clock = 0;
    const cache = createTtlCache<number>(1_000, () => clock);
    let resolve: (v: number) => void = () => {};
    const loading = cache.get('k', () => new Promise<number>((r) => (resolve = r)));
    expect(cache.peek('k')).toBeUndefined();
    resolve(5);
    await loading;
    expect(cache.peek('k')).toEqual(expect.objectContaining({ value: 5 }));
    clock = 1_000;
    expect(cache.peek('k')).toBeUndefined();
    clock = 0;
    cache.clear();
    expect(cache.peek('k')).toBeUndefined();
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('forgets everything on clear', async () => {
    const cache = createTtlCache<number>(1_000, () => 0);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('k', load)).toBe(1);
    cache.clear();
    expect(await cache.get('k', load)).toBe(2);
  });
});
