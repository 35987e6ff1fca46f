// Fixtures for the bonus page's tests: bonuses, active checks, and the page rendered on mocked calls.
import type { TActiveBonusCheck, TBonus, TConditionProgress } from '@krapao/contracts/bonus';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { BonusRoute } from '../../app/routes/bonus-route';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';

export function bonus(code: string, overrides: Partial<TBonus> = {}): TBonus {
  return {
    code,
    name: `Bonus ${code}`,
    type: 'limit',
    maxReceived: 1,
    percentFail: 20,
    percent: 50,
    maxBonus: 500,
    minDeposit: 100,
    turnover: 5,
    banners: [{ image: `/banners/${code}.jpg`, html: `<p>${code} banner text</p>` }],
    userBonus: { _id: `ub-${code}`, isActive: false, received: [] },
    isReceived: false,
    ...overrides,
  };
}

export const receipts = (...dates: string[]) => dates.map((updatedAt) => ({ updatedAt }));

export const PROGRESS: TConditionProgress = {
  kind: 'bonus',
  code: 'A',
  bonusAmount: 50,
  startCredit: 150,
  balance: 210,
  target: 750,
  failBelow: 30,
  percentFail: 20,
  cancelTakesBack: 50,
};

export const NOT_ACTIVE: TActiveBonusCheck = { status: false, type: null, progress: null };
export const activeCheck = (type: string, progress: TConditionProgress | null = PROGRESS): TActiveBonusCheck => ({
  status: true,
  type,
  progress,
});

/** /user/bonus with its calls answered; handlers override the defaults (no active bonus, no cards). */
export function renderBonusPage(handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch({
    'GET /api/bonus/check/active': { body: NOT_ACTIVE },
    'GET /api/bonus': { body: [] },
    'GET /api/lookup/notice': { body: { notice: '' } },
    ...handlers,
  });
  const view = renderAt(<BonusRoute />, '/user/bonus');
  return { api, view, user: userEvent.setup() };
}

/** Holds every fetch whose path contains `part` until the returned release() is called. */
export function holdCalls(part: string): () => void {
  const inner = globalThis.fetch;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes(part)) await gate;
    return inner(input, init);
  });
  return release;
}
