import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { publishMemberLive, publishMemberResync } from '../../../lib/member-live';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../test/fetch-mock';
import { useWallet } from './get-wallet';

const WALLET = {
  profile: { _id: '7', name: 'Somchai', coin: 0 },
  wallet: { amount: 250 },
  invite: { amount: 0, success: 5, fail: 10 },
  slots: [],
};

/** The wallet as a screen shows it, with GET /api/wallet answering WALLET. */
function renderWallet() {
  const api = mockFetch({ 'GET /api/wallet': { body: WALLET } });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { api, ...renderHook(() => useWallet(), { wrapper }) };
}

describe('the wallet on a live money event', () => {
  it('is read again from the API, and only while a screen shows it', async () => {
    const { api, result, unmount } = renderWallet();
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(0);
    act(() => publishMemberLive({ kind: 'deposit', amount: 250 }));
    await waitFor(() => expect(result.current.data?.wallet.amount).toBe(250));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
    unmount();
    act(() => publishMemberLive({ kind: 'withdraw-paid', amount: 10 }));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
  });
});

describe('the wallet after the live connection comes back from a gap', () => {
  it('is read again, since the events of the gap are lost', async () => {
    const { api, result, unmount } = renderWallet();
    act(() => publishMemberResync());
    await waitFor(() => expect(result.current.data?.wallet.amount).toBe(250));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
    unmount();
    act(() => publishMemberResync());
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
  });
});
