// While the balance sync runs, /user/home never shows a made-up figure: skeletons before the first
// answer, the last known figures marked as updating after it, dashes when the load failed.
import type { TWalletResponse } from '@krapao/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgreementAccepted } from '../../lib/storage';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { HomeRoute } from './home-route';

const WALLET: TWalletResponse = {
  profile: { name: 'Somchai', username: '0812345678', _id: '100001', coin: 3 },
  bankAccount: null,
  wallet: { amount: 100 },
  invite: { amount: 30, success: 70, fail: 30 },
  slots: [],
};

/** A provider that takes its time: refresh/slot answers only when the test says so. */
function slowSync(handlers: Record<string, MockHandler> = {}) {
  setAgreementAccepted();
  const api = mockFetch({
    'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', slots: [] } },
    'GET /api/wallet': { body: WALLET },
    'GET /api/spinwheel/active': { body: { isActive: true } },
    ...handlers,
  });
  const answered = globalThis.fetch;
  // Each sync waits for its own answerSync (or uses one given before it arrived).
  const waiting: (() => void)[] = [];
  let allowed = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/api/wallet/refresh/slot')) {
      if (allowed > 0) allowed -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return answered(input, init);
  });
  const view = renderAt(<HomeRoute />, '/user/home');
  return {
    api,
    view,
    user: userEvent.setup(),
    /** Lets the sync in flight (or the next one) answer. */
    answerSync: () => {
      const next = waiting.shift();
      if (next) next();
      else allowed += 1;
    },
  };
}

const card = () => screen.getByTestId('home-page');

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/user/home while the balance sync runs', () => {
  it('shows skeletons, never 0.00 or an empty name, until the first figures arrive', async () => {
    const { answerSync, api } = slowSync();
    expect(await screen.findByTestId('home-updating')).toBeTruthy();
    for (const id of ['home-name', 'home-total', 'home-invite-amount']) {
      const figure = screen.getByTestId(id);
      expect(within(figure).getByTestId('skeleton')).toBeTruthy();
      expect(figure.getAttribute('aria-busy')).toBe('true');
    }
    expect(card().textContent).not.toContain('0.00');
    expect(within(await screen.findByTestId('spin-coin')).queryByText('0')).toBeNull();
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(0);

    answerSync();
    await waitFor(() => expect(screen.getByTestId('home-name').textContent).toBe('Somchai'));
    expect(screen.getByTestId('home-total').textContent).toBe('100.00');
    expect(screen.getByTestId('home-invite-amount').textContent).toBe('30.00');
    expect(screen.getByTestId('spin-coin').textContent).toBe('3');
    expect(screen.queryByTestId('skeleton')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('home-updating')).toBeNull());
    expect(screen.getByTestId('home-last-sync')).toBeTruthy();
  });

  it('opens the transfer modal only once the wallet is known, so it never offers "0.00"', async () => {
    const { answerSync, user } = slowSync();
    await import('../../features/wallet/components/transfer-modal'); // its code is there: only the figures wait
    await user.click(await screen.findByTestId('home-transfer'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('transfer-modal')).toBeNull();
    answerSync();
    const modal = await screen.findByTestId('transfer-modal');
    expect(modal.textContent).toContain('100.00');
    expect(modal.textContent).not.toContain('(0.00)');
  });

  it('keeps the last known figures on a later sync, marked as updating, then shows the new ones', async () => {
    let amount = 100;
    const { answerSync, user } = slowSync({ 'GET /api/wallet': () => ({ body: { ...WALLET, wallet: { amount } } }) });
    answerSync();
    await waitFor(() => expect(screen.getByTestId('home-total').textContent).toBe('100.00'));
    await waitFor(() => expect(screen.queryByTestId('home-updating')).toBeNull());

    amount = 250;
    await user.click(screen.getByTestId('home-refresh'));
    expect(await screen.findByTestId('home-updating')).toBeTruthy();
    expect(screen.getByTestId('home-total').textContent).toBe('100.00');
    expect(screen.getByTestId('home-total').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('home-name').textContent).toBe('Somchai');

    answerSync();
    await waitFor(() => expect(screen.getByTestId('home-total').textContent).toBe('250.00'));
    await waitFor(() => expect(screen.queryByTestId('home-updating')).toBeNull());
  });

  it('shows dashes, not 0.00, when the wallet could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { answerSync, api } = slowSync({ 'GET /api/wallet': { status: 500, body: { message: 'X' } } });
    answerSync();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('home-updating')).toBeNull());
    expect(screen.getByTestId('home-name').textContent).toBe('–');
    expect(screen.getByTestId('home-total').textContent).toBe('–');
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(card().textContent).not.toContain('0.00');
  });
});

describe('/user/home while the wallet is on its way after the sync', () => {
  const SLOT = {
    code: 'JOKER',
    name: 'JOKER game',
    category: 'slot' as const,
    logo: '/games/JOKER.svg',
    background: '/games/JOKER-bg.svg',
    amount: 20.5,
    isActive: true,
    ftWalletSlot: 1,
    web: 'https://joker.test/',
    android: null,
    ios: null,
  };

  /** refresh/slot answers at once with one game; GET /api/wallet only when the test says so. */
  function slowWallet() {
    setAgreementAccepted();
    mockFetch({
      'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', slots: [SLOT] } },
      'GET /api/wallet': { body: { ...WALLET, slots: [SLOT] } },
      'GET /api/spinwheel/active': { body: { isActive: false } },
      'GET /api/games/JOKER/account': { body: { username: 'kp1', password: 'pw', event: null } },
    });
    const answered = globalThis.fetch;
    let release: () => void = () => {};
    const walletMayAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://x').pathname === '/api/wallet') await walletMayAnswer;
      return answered(input, init);
    });
    renderAt(<HomeRoute />, '/user/home');
    return { user: userEvent.setup(), answerWallet: () => release() };
  }

  it("shows the game cards from the sync's answer, and opens a tapped game only once the wallet is known", async () => {
    const { user, answerWallet } = slowWallet();
    const gameCard = await screen.findByTestId('game-card-JOKER');
    expect(screen.getByTestId('game-balance-JOKER').textContent).toContain('20.50');
    expect(within(screen.getByTestId('home-total')).getByTestId('skeleton')).toBeTruthy();

    await import('../../features/games/components/game-modal'); // its code is there: only the figures wait
    await user.click(gameCard);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('game-modal')).toBeNull();

    answerWallet();
    expect(await screen.findByTestId('game-modal')).toBeTruthy();
    expect(screen.getByTestId('home-total').textContent).toBe('120.50');
  });
});
