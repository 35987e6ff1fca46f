import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { publishMemberLive } from '../../../lib/member-live';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../test/fetch-mock';
import { useSlips } from './get-slips';
import { useStatement } from './get-statement';

describe('the statement and the slips on a live money event', () => {
  it('read their page again', async () => {
    const api = mockFetch({
      'POST /api/statement': { body: { statements: [], total: 0 } },
      'POST /api/statement/slip': { body: { slips: [], total: 0 } },
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => [useStatement(2), useSlips(1)], { wrapper });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    act(() => publishMemberLive({ kind: 'slip-refused', amount: 0 }));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/statement')[1]?.body).toMatchObject({ page: 2 });
  });
});
