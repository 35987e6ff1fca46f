// /user/home under player protection: the break panel when excluded, the first-deposit limit offer.
import type { TProtectionState } from '@krapao/contracts/protection';
import type { TSlot, TWalletResponse } from '@krapao/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../lib/format';
import { setAgreementAccepted } from '../../lib/storage';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { HomeRoute } from './home-route';

const SLOT: TSlot = {
  code: 'JOKER',
  name: 'JOKER game',
  category: 'slot',
  logo: '/games/joker.svg',
  background: '/games/joker-bg.svg',
  amount: 20,
  isActive: true,
  ftWalletSlot: 1,
  web: 'https://joker.test/',
  android: null,
  ios: null,
};
const WALLET: TWalletResponse = {
  profile: { name: 'Somchai', username: '0812345678', _id: '100001', coin: 3 },
  bankAccount: null,
  wallet: { amount: 100 },
  invite: { amount: 30, success: 70, fail: 30 },
  slots: [SLOT],
};
const ENDS = '2030-06-01T08:00:00.000Z';
const stateOf = (over: Partial<TProtectionState> = {}): TProtectionState => ({
  currency: 'BAHT',
  limits: [],
  exclusion: null,
  realityCheckMinutes: 0,
  ...over,
});
const EXCLUDED = stateOf({ exclusion: { kind: 'TIMEOUT', startsAt: '2030-05-31T08:00:00.000Z', endsAt: ENDS } });
const DEPOSIT_LOOKUP = {
  'GET /api/lookup/deposit': { body: { banks: [], wallets: [], isManual: false, minimumDeposit: 100 } },
};

function renderHome(handlers: Record<string, MockHandler>) {
  setAgreementAccepted();
  const api = mockFetch({
    'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', slots: WALLET.slots } },
    'GET /api/wallet': { body: WALLET },
    'GET /api/spinwheel/active': { body: { isActive: true } },
    ...handlers,
  });
  const view = renderAt(<HomeRoute />, '/user/home', [{ path: '/user/protection', element: <p>protection page</p> }]);
  return { api, view, user: userEvent.setup() };
}

const loaded = () => waitFor(() => expect(screen.getByTestId('home-name').textContent).toBe('Somchai'));

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/user/home while excluded', () => {
  it('shows the kind and end date, keeps withdraw, hides money in, play, rewards and their banners', async () => {
    const { user } = renderHome({
      'GET /api/protection': { body: EXCLUDED },
      'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 5000 } },
    });
    await loaded();
    const panel = await screen.findByTestId('exclusion-panel');
    expect(within(panel).getByTestId('exclusion-kind').textContent).toBe('You are on a time-out');
    expect(within(panel).getByTestId('exclusion-end').textContent).toBe(`Until ${formatDate(ENDS)}`);
    for (const hidden of ['deposit', 'spin', 'invite', 'bonus', 'refund']) {
      expect(screen.queryByTestId(`action-${hidden}`)).toBeNull();
    }
    expect(screen.queryByTestId('home-invite-receive')).toBeNull();
    expect(screen.queryByTestId('game-card-JOKER')).toBeNull();
    expect(screen.queryByText('JOKER game')).toBeNull();
    expect(screen.getByTestId('action-withdraw')).toBeTruthy();

    await user.click(screen.getByTestId('exclusion-withdraw'));
    expect(await screen.findByTestId('withdraw-modal', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('the transfer modal lets money come out of a game but offers no game to move money into', async () => {
    const { user } = renderHome({ 'GET /api/protection': { body: EXCLUDED } });
    await loaded();
    await screen.findByTestId('exclusion-panel');
    await user.click(screen.getByTestId('home-transfer'));
    const modal = await screen.findByTestId('transfer-modal');
    const options = (testId: string) =>
      [...(within(modal).getByTestId(testId) as HTMLSelectElement).options].map((o) => o.value);
    expect(options('transfer-from')).toContain('JOKER');
    expect(options('transfer-to')).not.toContain('JOKER');
  });

  it('without an exclusion every action shows and no panel', async () => {
    renderHome({ 'GET /api/protection': { body: stateOf() } });
    await loaded();
    await waitFor(() => expect(screen.getByTestId('action-spin')).toBeTruthy());
    for (const shown of ['deposit', 'withdraw', 'invite', 'bonus', 'refund']) {
      expect(screen.getByTestId(`action-${shown}`)).toBeTruthy();
    }
    expect(screen.queryByTestId('exclusion-panel')).toBeNull();
  });
});

describe('first-deposit limit offer', () => {
  const EMPTY_STATEMENT = { 'POST /api/statement': { body: { total: 0, statements: [] } } };

  it('offers a limit to a member with no limit and no deposit; Not now is remembered for that member', async () => {
    const { user } = renderHome({ 'GET /api/protection': { body: stateOf() }, ...EMPTY_STATEMENT, ...DEPOSIT_LOOKUP });
    await loaded();
    await user.click(screen.getByTestId('action-deposit'));
    const offer = await screen.findByTestId('deposit-limit-offer');
    expect(offer.textContent).toContain('Set a deposit limit');
    expect(within(screen.getByTestId('deposit-modal')).getByTestId('deposit-limit-offer')).toBeTruthy();
    await user.click(screen.getByTestId('deposit-limit-offer-later'));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
    expect(screen.getByTestId('deposit-modal')).toBeTruthy(); // the deposit itself goes on
    expect(JSON.parse(localStorage.getItem('krapao.depositLimitOffer') ?? '[]')).toEqual(['100001']);
  });

  it('Set a deposit limit goes to /user/protection', async () => {
    const { user, view } = renderHome({
      'GET /api/protection': { body: stateOf() },
      ...EMPTY_STATEMENT,
      ...DEPOSIT_LOOKUP,
    });
    await loaded();
    await user.click(screen.getByTestId('action-deposit'));
    await user.click(await screen.findByTestId('deposit-limit-offer-set'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user/protection'));
  });

  it.each([
    ['the member answered it before', stateOf(), { total: 0, statements: [] }, true],
    [
      'a deposit limit is set',
      stateOf({
        limits: [
          {
            kind: 'DEPOSIT',
            period: 'DAY',
            amount: 500,
            pendingAmount: null,
            pendingSince: null,
            confirmableAt: null,
            used: 0,
            inGames: 0,
            remaining: 500,
          },
        ],
      }),
      { total: 0, statements: [] },
      false,
    ],
    [
      'the member has deposited',
      stateOf(),
      {
        total: 1,
        statements: [{ _id: 's1', statementType: 'deposit', from: 'BANK', to: 'WALLET', amount: 100, createdAt: ENDS }],
      },
      false,
    ],
  ])('stays away when %s', async (_name, state, statement, answered) => {
    if (answered) localStorage.setItem('krapao.depositLimitOffer', JSON.stringify(['100001']));
    const { api, user } = renderHome({
      'GET /api/protection': { body: state },
      'POST /api/statement': { body: statement },
      ...DEPOSIT_LOOKUP,
    });
    await loaded();
    await user.click(screen.getByTestId('action-deposit'));
    expect(await screen.findByTestId('deposit-modal')).toBeTruthy();
    // Only a member with no limit who never answered is looked up in the statement.
    const looksUp = statement.total > 0;
    await waitFor(() => expect(api.callsTo('POST', '/api/statement')).toHaveLength(looksUp ? 1 : 0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
  });
});
