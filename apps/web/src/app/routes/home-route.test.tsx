import { AGREEMENT_MODAL_DELAY_MS } from '@krapao/contracts/constants';
import type { TSlot, TWalletResponse } from '@krapao/contracts/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../lib/format';
import { clearSession, STORAGE_KEYS, setAgreementAccepted, setToken } from '../../lib/storage';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { HomeRoute } from './home-route';

const game = (code: string, category: TSlot['category'], amount: number, extra: Partial<TSlot> = {}): TSlot => ({
  code,
  name: `${code} game`,
  category,
  logo: `/games/${code}.svg`,
  background: `/games/${code}-bg.svg`,
  amount,
  isActive: true,
  ftWalletSlot: 1,
  web: `https://${code.toLowerCase()}.test/`,
  android: null,
  ios: null,
  ...extra,
});

const WALLET: TWalletResponse = {
  profile: { name: 'Somchai', username: '0812345678', _id: '100001', coin: 3 },
  bankAccount: null,
  wallet: { amount: 100 },
  invite: { amount: 30, success: 70, fail: 30 },
  slots: [
    game('JOKER', 'slot', 20.5),
    game('PG', 'slot', 0, { isActive: false }),
    game('UFABET', 'sport', 5),
    game('HUAYHD', 'lotto', 0, { ftWalletSlot: 2 }),
  ],
};

const DEPOSIT_GATEWAY = {
  bankType: 'PAYMENT',
  mode: 'AUTO',
  bank: { nameTH: 'QR', nameEN: 'QR' },
  bankAccountName: '',
  bankAccountNo: '',
  currency: 'BAHT',
};

function renderHome(handlers: Record<string, MockHandler> = {}, { agreementAccepted = true } = {}) {
  if (agreementAccepted) setAgreementAccepted();
  const api = mockFetch({
    'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', slots: WALLET.slots } },
    'GET /api/wallet': { body: WALLET },
    ...handlers,
  });
  const view = renderAt(<HomeRoute />, '/user/home', [{ path: '/user/spin', element: <p>spin page</p> }]);
  return { api, view, user: userEvent.setup() };
}

const loaded = () => waitFor(() => expect(screen.getByTestId('home-name').textContent).toBe('Somchai'));

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/user/home load', () => {
  it('refreshes game balances first, then loads the wallet, and checks the spin feature', async () => {
    const { api } = renderHome();
    await loaded();
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/api/wallet/refresh/slot')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/wallet/refresh/slot')).toBeLessThan(paths.indexOf('/api/wallet'));
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1);
    // The spin call failed (no handler answers 404): the feature counts as off.
    expect(await screen.findByTestId('action-refresh-all')).toBeTruthy();
  });

  it('shows the total as wallet plus every game (100 + 20.5 + 0 + 5 + 0 = 125.50) and the referral amount', async () => {
    renderHome();
    await loaded();
    expect(screen.getByTestId('home-total').textContent).toBe('125.50');
    expect(screen.getByTestId('home-invite-amount').textContent).toBe('30.00');
    expect(screen.getByTestId('home-invite-receive')).toBeTruthy();
  });

  it('writes the last-sync time on load and shows it; the refresh control repeats refresh/slot then wallet', async () => {
    const { api, user } = renderHome();
    await loaded();
    const stored = localStorage.getItem(STORAGE_KEYS.lastSync);
    expect(stored).toBeTruthy();
    expect(screen.getByTestId('home-last-sync').textContent).toBe(formatDate(stored));
    localStorage.removeItem(STORAGE_KEYS.lastSync);
    await user.click(screen.getByTestId('home-refresh'));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBeTruthy();
    const paths = api.calls.map((c) => c.path).filter((p) => p.startsWith('/api/wallet'));
    expect(paths).toEqual(['/api/wallet/refresh/slot', '/api/wallet', '/api/wallet/refresh/slot', '/api/wallet']);
  });

  it('a sync that answers after logout leaves no last-sync time behind', async () => {
    setToken('member-token', true);
    const { api } = renderHome({
      // The member logs out while refresh/slot is on its way back.
      'GET /api/wallet/refresh/slot': () => {
        clearSession();
        return { body: { message: 'SUCCESS', slots: WALLET.slots } };
      },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1));
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBeNull();
  });

  it('logs a wallet load failure to the console only', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = renderHome({ 'GET /api/wallet': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });
});

describe('/user/home game carousels', () => {
  it('puts each game in its category carousel only', async () => {
    renderHome();
    await loaded();
    const slot = screen.getByTestId('carousel-slot');
    const sport = screen.getByTestId('carousel-sport');
    const lotto = screen.getByTestId('carousel-lotto');
    expect(within(slot).getByTestId('game-card-JOKER')).toBeTruthy();
    expect(within(slot).getByTestId('game-card-PG')).toBeTruthy();
    expect(within(sport).getByTestId('game-card-UFABET')).toBeTruthy();
    expect(within(lotto).getByTestId('game-card-HUAYHD')).toBeTruthy();
    expect(within(slot).queryByTestId('game-card-UFABET')).toBeNull();
    expect(within(sport).queryByTestId('game-card-JOKER')).toBeNull();
    expect(within(lotto).queryByTestId('game-card-JOKER')).toBeNull();
  });

  it('shows logo, background, balance, name and balance × ftWalletSlot (10 × 2 = 20.00)', async () => {
    renderHome({
      'GET /api/wallet': { body: { ...WALLET, slots: [game('HUAYHD', 'lotto', 10, { ftWalletSlot: 2 })] } },
    });
    await loaded();
    const card = screen.getByTestId('game-card-HUAYHD');
    expect(card.textContent).toContain('HUAYHD game');
    expect(within(card).getByTestId('game-balance-HUAYHD').textContent).toBe('10.00');
    expect(within(card).getByTestId('game-credit-HUAYHD').textContent).toBe('20.00');
    const sources = Array.from(card.querySelectorAll('img'), (img) => img.getAttribute('src'));
    expect(sources).toEqual(['/games/HUAYHD-bg.svg', '/games/HUAYHD.svg']);
  });

  it('an inactive game shows the open-account prompt instead of balances', async () => {
    renderHome();
    await loaded();
    const card = screen.getByTestId('game-card-PG');
    expect(card.getAttribute('data-active')).toBe('false');
    expect(within(card).getByTestId('game-open-prompt-PG')).toBeTruthy();
    expect(within(card).queryByTestId('game-balance-PG')).toBeNull();
    expect(screen.getByTestId('game-card-JOKER').getAttribute('data-active')).toBe('true');
  });

  it('a card opens the game modal; transfer only opens the transfer modal WALLET → game; success reloads the wallet', async () => {
    const { api, user, view } = renderHome({
      'GET /api/wallet/account/JOKER': { body: { username: 'kp1', password: 'pw', event: null } },
      'POST /api/wallet/transfer': { body: { message: 'SUCCESS', status: 'SUCCESS', transferId: 't', amount: 50 } },
    });
    await loaded();
    await user.click(screen.getByTestId('game-card-JOKER'));
    expect(within(await screen.findByTestId('game-modal')).getByText('JOKER game')).toBeTruthy();
    await user.click(screen.getByTestId('game-transfer-only'));
    expect(screen.queryByTestId('game-modal')).toBeNull();
    expect(((await screen.findByTestId('transfer-from')) as HTMLSelectElement).value).toBe('WALLET');
    expect((screen.getByTestId('transfer-to') as HTMLSelectElement).value).toBe('JOKER');
    const toOptions = Array.from((screen.getByTestId('transfer-to') as HTMLSelectElement).options, (o) => o.value);
    expect(toOptions).toEqual(['', 'WALLET', 'JOKER', 'UFABET', 'HUAYHD']);
    await user.type(screen.getByTestId('transfer-amount'), '50');
    await user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.queryByTestId('transfer-modal')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
    expect(view.router.state.location.pathname).toBe('/user/home');
  });
});

describe('/user/home quick actions', () => {
  it('spin active: shows the coin count and leads to /user/spin', async () => {
    const { user, view } = renderHome({ 'GET /api/spinwheel/active': { body: { isActive: true } } });
    await loaded();
    const tile = await screen.findByTestId('action-spin');
    expect(within(tile).getByTestId('spin-coin').textContent).toBe('3');
    expect(screen.queryByTestId('action-refresh-all')).toBeNull();
    await user.click(tile);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user/spin'));
  });

  it('spin inactive (or its call failing): the tile refreshes all balances', async () => {
    const { api, user } = renderHome({ 'GET /api/spinwheel/active': { body: { isActive: false } } });
    await loaded();
    expect(screen.queryByTestId('action-spin')).toBeNull();
    await user.click(screen.getByTestId('action-refresh-all'));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(2));
  });

  it('deposit, withdraw, invite and refund open their modals over /user/home; bonus links to /user/bonus', async () => {
    const { user, view } = renderHome();
    await loaded();
    for (const [action, modal] of [
      ['deposit', 'deposit-modal'],
      ['withdraw', 'withdraw-modal'],
      ['invite', 'invite-modal'],
      ['refund', 'refund-modal'],
    ] as const) {
      await user.click(screen.getByTestId(`action-${action}`));
      // Invite and refund load their banners first (none here: the call fails), then open.
      expect(await screen.findByTestId(modal)).toBeTruthy();
      expect(view.router.state.location.pathname).toBe('/user/home');
      await user.click(within(screen.getByTestId(modal)).getByRole('button', { name: 'Close' }));
    }
    expect(screen.getByTestId('action-bonus').getAttribute('href')).toBe('/user/bonus');
  });

  it('withdraw shows the wallet and bank account; a withdrawal closes it and reloads the wallet', async () => {
    const bankAccount = {
      bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI',
      bankAccountNo: '1234567890',
    };
    const { api, user } = renderHome({
      'GET /api/wallet': { body: { ...WALLET, bankAccount } },
      'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 5000 } },
      'POST /api/wallet/withdrawAll': {
        body: { message: 'SUCCESS', status: 'PENDING', withdrawId: 'w1', amount: 100 },
      },
    });
    await loaded();
    await user.click(screen.getByTestId('action-withdraw'));
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('100.00');
    expect(screen.getByTestId('withdraw-bank-number').textContent).toBe('123-456-7890');
    await waitFor(() => expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-modal')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/wallet/withdrawAll')[0]?.body).toEqual({ amount: 100 });
  });

  it('deposit loads the deposit lookup; transfer done on a QR closes it and reloads the wallet', async () => {
    const qr = { qrcodeId: 'q1', hasQrcode: true, qrcode: '<svg/>', amount: 100, expireIn: Date.now() + 600_000 };
    const { api, user } = renderHome({
      'GET /api/lookup/deposit': {
        body: { banks: [{ ...DEPOSIT_GATEWAY, bankCode: 'KBANK' }], wallets: [], isManual: false, minimumDeposit: 100 },
      },
      'GET /api/qrcode/KBANK': { body: qr },
    });
    await loaded();
    await user.click(screen.getByTestId('action-deposit'));
    await user.click(await screen.findByTestId('qr-done-KBANK'));
    expect(screen.queryByTestId('deposit-modal')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
  });
});

describe('/user/home agreement', () => {
  const AGREEMENTS = { 'GET /api/lookup/agreements': { body: ['<p>Rule one</p>', '<p>Rule <b>two</b></p>'] } };

  it(`opens by itself ${AGREEMENT_MODAL_DELAY_MS} ms after mount when the flag is missing; closing records it`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHome(AGREEMENTS, { agreementAccepted: false });
    await loaded();
    act(() => vi.advanceTimersByTime(AGREEMENT_MODAL_DELAY_MS - 200));
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
    act(() => vi.advanceTimersByTime(250));
    const modal = await screen.findByTestId('agreement-modal');
    await waitFor(() => expect(within(modal).getAllByTestId('agreement-item')).toHaveLength(2));
    expect(within(modal).getByText('two').tagName).toBe('B');
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBeNull();
    act(() => screen.getByTestId('agreement-accept').click());
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBe('true');
  });

  it('stays closed when the flag is set', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderHome(AGREEMENTS);
    await loaded();
    act(() => vi.advanceTimersByTime(AGREEMENT_MODAL_DELAY_MS * 2));
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
    expect(api.callsTo('GET', '/api/lookup/agreements')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/account/agreement')).toHaveLength(0);
  });
});
