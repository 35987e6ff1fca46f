import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { inFlightCount, subscribeInFlight } from '../../../lib/in-flight';
import { createQueryClient } from '../../../lib/query-client';
import { setToken } from '../../../lib/storage';
import { mockFetch } from '../../../test/fetch-mock';
import { startHomeLoad, takeStartedHomeLoad } from './home-load';
import { useRefreshBalances } from './refresh-balances';

const WALLET = { wallet: { amount: 10 }, slots: [] };

describe('useRefreshBalances', () => {
  it('keeps one call in flight from the sync to the wallet reload, so the loader never blinks off between', async () => {
    const api = mockFetch({
      'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS' } },
      'GET /api/wallet': { body: WALLET },
    });
    const counts: number[] = [];
    const stop = subscribeInFlight(() => counts.push(inFlightCount()));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRefreshBalances(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    stop();
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
    // Zero only at the very end: never between the two calls.
    expect(counts.at(-1)).toBe(0);
    expect(counts.slice(0, -1)).not.toContain(0);
  });
});

const bootClient = createQueryClient();
function BootWrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={bootClient}>{children}</QueryClientProvider>;
}

describe('the home load started by the boot', () => {
  it('is what the first sync shows: the sync, then the wallet, each asked for once', async () => {
    setToken('t1', true);
    const api = mockFetch({
      'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS' } },
      'GET /api/wallet': { body: WALLET },
    });
    startHomeLoad();
    const { result } = renderHook(() => useRefreshBalances(), { wrapper: BootWrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(WALLET);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/wallet/refresh/slot', '/api/wallet']);
    // A later refresh asks again.
    act(() => result.current.mutate());
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(2);
  });

  it('is not taken by another session', async () => {
    setToken('t1', true);
    const api = mockFetch({
      'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS' } },
      'GET /api/wallet': { body: WALLET },
    });
    startHomeLoad();
    setToken('t2', true);
    expect(takeStartedHomeLoad()).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1));
  });
});
