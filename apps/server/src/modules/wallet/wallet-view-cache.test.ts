import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletView } from './wallet.hot-path.ts';
import { createWalletViewCache } from './wallet-view-cache.ts';

const view = (memberId: number, accountIds: number[], wallet = 100n): WalletView => ({
  member: { id: memberId, name: 'n', username: `u${memberId}`, coin: 0, currency: 'BAHT' },
  bank: null,
  balances: new Map([['WALLET', wallet]]),
  accountIds,
});
const cacheOf = (max = 100) => createWalletViewCache({ ttlMs: 30_000, max, channel: 'test' });

afterEach(() => vi.useRealTimers());

describe('wallet view cache', () => {
  it('keeps a view until a change names its member or one of its accounts', () => {
    const cache = cacheOf();
    cache.set(1, view(1, [10, 11]), cache.begin());
    cache.set(2, view(2, [20]), cache.begin());
    cache.changed({ accounts: [99, 500] });
    expect(cache.get(1)?.accountIds).toEqual([10, 11]);
    cache.changed({ accounts: [11, 900] });
    expect(cache.get(1)).toBeNull();
    expect(cache.get(2)).not.toBeNull();
    cache.changed({ members: [2] });
    expect(cache.get(2)).toBeNull();
  });

  it('does not keep a read that a change overtook, and keeps one that only other changes overtook', () => {
    const cache = cacheOf();
    const before = cache.begin();
    cache.changed({ accounts: [10] });
    cache.set(1, view(1, [10]), before);
    expect(cache.get(1)).toBeNull();
    const again = cache.begin();
    cache.changed({ members: [1] });
    cache.set(1, view(1, [10]), again);
    expect(cache.get(1)).toBeNull();
    const other = cache.begin();
    cache.changed({ members: [2], accounts: [20] });
    cache.set(1, view(1, [10]), other);
    expect(cache.get(1)).not.toBeNull();
  });

  it('does not keep a read older than the changes it remembers', () => {
    const cache = cacheOf();
    const before = cache.begin();
    for (let i = 0; i < 3_000; i += 1) cache.changed({ accounts: [1_000 + i] });
    cache.set(1, view(1, [10]), before);
    expect(cache.get(1)).toBeNull();
    cache.set(1, view(1, [10]), cache.begin());
    expect(cache.get(1)).not.toBeNull();
  });

  it('forgets a view after its time, and the oldest one beyond its size', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = cacheOf(2);
    cache.set(1, view(1, [10]), cache.begin());
    cache.set(2, view(2, [20]), cache.begin());
    cache.set(3, view(3, [30]), cache.begin());
    expect([1, 2, 3].map((id) => cache.get(id) !== null)).toEqual([false, true, true]);
    vi.advanceTimersByTime(30_001);
    expect(cache.get(2)).toBeNull();
  });

  it('a cleared cache keeps no read begun before', () => {
    const cache = cacheOf();
    const before = cache.begin();
    cache.clear();
    cache.set(2, view(2, [20]), before);
    expect(cache.get(2)).toBeNull();
  });

  it('keeps nothing when turned off', () => {
    const cache = createWalletViewCache({ ttlMs: 0, max: 100, channel: 'test' });
    cache.set(1, view(1, [10]), cache.begin());
    expect(cache.get(1)).toBeNull();
  });
});
