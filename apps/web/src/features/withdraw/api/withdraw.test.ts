import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { withdraw, withdrawAll } from './withdraw';

const OK = { body: { message: 'SUCCESS', status: 'SUCCESS', withdrawId: 'w1', amount: 10 } };

describe('withdraw calls', () => {
  it('withdraw() posts {amount} to /api/wallet/withdraw (declared, unused) and withdrawAll() to withdrawAll', async () => {
    const api = mockFetch({ 'POST /api/wallet/withdraw': OK, 'POST /api/wallet/withdrawAll': OK });
    await withdraw({ amount: 10 }, 'key-1');
    await withdrawAll({ amount: 20 }, 'key-2');
    expect(api.calls.map((c) => [c.path, c.body, c.headers.get('idempotency-key')])).toEqual([
      ['/api/wallet/withdraw', { amount: 10 }, 'key-1'],
      ['/api/wallet/withdrawAll', { amount: 20 }, 'key-2'],
    ]);
  });
});
