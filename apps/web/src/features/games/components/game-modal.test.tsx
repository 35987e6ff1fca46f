import type { TSlot } from '@krapao/contracts/wallet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { env } from '../../../lib/env';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { GameModal } from './game-modal';

const slot = (overrides: Partial<TSlot> = {}): TSlot => ({
  code: 'SEXYGAME',
  name: 'Sexy Baccarat',
  category: 'sport',
  logo: '/games/sexy.svg',
  background: '/games/sexy-bg.svg',
  amount: 10,
  isActive: true,
  ftWalletSlot: 2,
  web: 'https://sexy.test/lobby',
  android: 'https://apps.test/android',
  ios: null,
  ...overrides,
});

const ACCOUNT = { username: 'kp_user1', password: 'pw1', event: null };

function renderModal(props: { slot: TSlot; walletAmount?: number }, handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch({ [`GET /api/wallet/account/${props.slot.code}`]: { body: ACCOUNT }, ...handlers });
  const callbacks = { onClose: vi.fn(), onTransferOnly: vi.fn(), onChanged: vi.fn() };
  renderAt(<GameModal slot={props.slot} walletAmount={props.walletAmount ?? 50} {...callbacks} />, '/user/home');
  return { api, user: userEvent.setup(), ...callbacks };
}

let open: MockInstance<typeof window.open>;
beforeEach(() => {
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  vi.restoreAllMocks();
  env.iframeMode = false;
  env.slotNotice = '';
});

describe('game modal: inactive game', () => {
  it('activates, then fetches the credentials and shows them', async () => {
    const { api, user, onChanged } = renderModal(
      { slot: slot({ isActive: false }) },
      { 'GET /api/wallet/activate/SEXYGAME': { body: { message: 'SUCCESS', ...ACCOUNT } } },
    );
    expect(screen.queryByTestId('game-username')).toBeNull();
    expect(api.callsTo('GET', '/api/wallet/account/SEXYGAME')).toHaveLength(0);
    await user.click(screen.getByTestId('game-activate'));
    expect(await screen.findByText('kp_user1')).toBeTruthy();
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/api/wallet/activate/SEXYGAME')).toBeLessThan(paths.indexOf('/api/wallet/account/SEXYGAME'));
    expect(api.callsTo('GET', '/api/wallet/activate/SEXYGAME')[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the translated server message when activation fails', async () => {
    const { user } = renderModal(
      { slot: slot({ isActive: false }) },
      { 'GET /api/wallet/activate/SEXYGAME': { status: 502, body: { message: 'SLOT_ACTIVATE_FAIL' } } },
    );
    await user.click(screen.getByTestId('game-activate'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('Could not activate the game account');
  });
});

describe('game modal: active game', () => {
  it('shows credentials with copy toasts', async () => {
    const { user } = renderModal({ slot: slot() });
    expect((await screen.findByTestId('game-username')).textContent).toBe('kp_user1');
    await waitFor(() => expect(screen.getByTestId('game-password').textContent).toBe('pw1'));
    await user.click(screen.getByTestId('game-copy-username'));
    expect(await screen.findByText('Copied: kp_user1')).toBeTruthy();
    // user-event provides the clipboard.
    expect(await navigator.clipboard.readText()).toBe('kp_user1');
  });

  it('reset password refetches the credentials and shows the new password', async () => {
    let password = 'pw1';
    const { api, user } = renderModal(
      { slot: slot() },
      {
        'GET /api/wallet/account/SEXYGAME': () => ({ body: { ...ACCOUNT, password } }),
        'GET /api/wallet/resetpassword/SEXYGAME': () => {
          password = 'pw2';
          return { body: { message: 'SUCCESS' } };
        },
      },
    );
    await waitFor(() => expect(screen.getByTestId('game-password').textContent).toBe('pw1'));
    await user.click(screen.getByTestId('game-reset'));
    await waitFor(() => expect(screen.getByTestId('game-password').textContent).toBe('pw2'));
    expect(api.callsTo('GET', '/api/wallet/account/SEXYGAME')).toHaveLength(2);
  });

  it('transfer only is disabled at a wallet balance of 0 and otherwise hands over the code', async () => {
    const { user, onTransferOnly } = renderModal({ slot: slot(), walletAmount: 0 });
    expect((screen.getByTestId('game-transfer-only') as HTMLButtonElement).disabled).toBe(true);
    const again = renderModal({ slot: slot({ code: 'JOKER' }), walletAmount: 5 });
    const buttons = screen.getAllByTestId('game-transfer-only') as HTMLButtonElement[];
    const enabled = buttons.find((b) => !b.disabled);
    expect(enabled).toBeTruthy();
    await user.click(enabled as HTMLButtonElement);
    expect(again.onTransferOnly).toHaveBeenCalledWith('JOKER');
    expect(onTransferOnly).not.toHaveBeenCalled();
  });

  it('Android and iOS buttons: null links are disabled, others open the link', async () => {
    const { user } = renderModal({ slot: slot() });
    expect((screen.getByTestId('game-ios') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('game-android'));
    expect(open).toHaveBeenCalledWith('https://apps.test/android', '_blank', 'noopener');
  });

  it('renders with web, android and ios all null', async () => {
    renderModal({ slot: slot({ web: null, android: null, ios: null }) });
    expect((screen.getByTestId('game-android') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('game-ios') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the slot notice only on the configured provider', async () => {
    env.slotNotice = 'PG maintenance at 02:00';
    renderModal({ slot: slot({ code: 'PG' }) });
    expect(screen.getByTestId('game-notice').textContent).toBe('PG maintenance at 02:00');
    renderModal({ slot: slot({ code: 'JOKER' }) });
    expect(screen.getAllByTestId('game-notice')).toHaveLength(1);
  });
});

describe('game modal: transfer and play', () => {
  const TRANSFER_OK = { body: { message: 'SUCCESS', status: 'SUCCESS', transferId: 't1', amount: 50 } };

  it('moves the whole balance first when the wallet is above 0, then launches', async () => {
    const { api, user, onChanged } = renderModal(
      { slot: slot(), walletAmount: 50 },
      { 'POST /api/wallet/transferAll': TRANSFER_OK },
    );
    await screen.findByText('kp_user1');
    await user.click(screen.getByTestId('game-play'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://sexy.test/lobby', '_blank', 'noopener'));
    const transfer = api.callsTo('POST', '/api/wallet/transferAll');
    expect(transfer).toHaveLength(1);
    expect(transfer[0]?.body).toEqual({ to: 'SEXYGAME' });
    expect(transfer[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('does not call transferAll at a wallet balance of 0', async () => {
    const { api, user } = renderModal({ slot: slot(), walletAmount: 0 });
    await screen.findByText('kp_user1');
    await user.click(screen.getByTestId('game-play'));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/wallet/transferAll')).toHaveLength(0);
  });

  it('does not launch when transferAll fails, and shows the server message', async () => {
    const { user } = renderModal(
      { slot: slot(), walletAmount: 50 },
      { 'POST /api/wallet/transferAll': { status: 502, body: { message: 'TRANSFER_FAIL' } } },
    );
    await screen.findByText('kp_user1');
    await user.click(screen.getByTestId('game-play'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('funds have been returned');
    expect(open).not.toHaveBeenCalled();
  });

  it('auto-login without password calls /api/autoLogin/pg/{username}; iframe mode opens a new tab', async () => {
    env.iframeMode = true;
    const pg = slot({ code: 'PG', web: null });
    const { api, user } = renderModal(
      { slot: pg, walletAmount: 0 },
      {
        'GET /api/wallet/account/PG': { body: ACCOUNT },
        'GET /api/autoLogin/pg/kp_user1': { body: { link: 'https://pg.test/go' } },
      },
    );
    await screen.findByText('kp_user1');
    await user.click(screen.getByTestId('game-play'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pg.test/go', '_blank', 'noopener'));
    expect(api.callsTo('GET', '/api/autoLogin/pg/kp_user1')).toHaveLength(1);
  });

  it('auto-login with password calls /api/autoLogin/askmebet/{username}/{password}', async () => {
    env.iframeMode = true;
    const game = slot({ code: 'ASKMEBET', web: null });
    const { api, user } = renderModal(
      { slot: game, walletAmount: 0 },
      {
        'GET /api/wallet/account/ASKMEBET': { body: ACCOUNT },
        'GET /api/autoLogin/askmebet/kp_user1/pw1': { body: { link: 'https://amb.test/go' } },
      },
    );
    await screen.findByText('kp_user1');
    await user.click(screen.getByTestId('game-play'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://amb.test/go', '_blank', 'noopener'));
    expect(api.callsTo('GET', '/api/autoLogin/askmebet/kp_user1/pw1')).toHaveLength(1);
  });
});
