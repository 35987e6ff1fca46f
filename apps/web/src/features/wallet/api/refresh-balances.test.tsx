import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { inFlightCount, subscribeInFlight } from '../../../lib/in-flight';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../test/fetch-mock';
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
