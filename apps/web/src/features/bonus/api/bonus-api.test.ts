import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { activateBonus } from './activate-bonus';
import { activatePromotion } from './activate-promotion';
import { checkMinimum } from './check-minimum';
import { clearBonus } from './clear-bonus';
import { getCurrentPromotion } from './get-current-promotion';

describe('bonus calls', () => {
  it('checkMinimum() and getCurrentPromotion() are declared with their paths', async () => {
    const api = mockFetch({
      'GET /api/bonus/check/minimum': { body: { minimum: 100, eligible: true } },
      'GET /api/promotion/current': { body: null },
    });
    expect(await checkMinimum()).toEqual({ minimum: 100, eligible: true });
    await getCurrentPromotion();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/bonus/check/minimum', '/api/promotion/current']);
  });

  it('the state-changing GETs carry the Idempotency-Key they are given', async () => {
    const api = mockFetch({
      'GET /api/bonus/activate/A': { body: { _id: 'u' } },
      'GET /api/bonus/clear': { body: { message: 'BONUS_CLEAR', takenBack: 0 } },
      'GET /api/promotion/activate/ABC': { body: true },
    });
    await activateBonus('A', 'k1');
    await clearBonus('k2');
    expect(await activatePromotion('ABC', 'k3')).toBe(true);
    expect(api.calls.map((call) => [call.method, call.path, call.headers.get('idempotency-key')])).toEqual([
      ['GET', '/api/bonus/activate/A', 'k1'],
      ['GET', '/api/bonus/clear', 'k2'],
      ['GET', '/api/promotion/activate/ABC', 'k3'],
    ]);
  });
});
