import type { TSlot } from '@krapao/contracts/wallet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { GameCard } from './game-card';
import { GameModal } from './game-modal';

const slot = (overrides: Partial<TSlot> = {}): TSlot => ({
  code: 'JOKER',
  name: 'Joker',
  category: 'slot',
  logo: '/games/joker.svg',
  background: '/games/joker-bg.svg',
  amount: 75.5,
  isActive: true,
  ftWalletSlot: 1,
  web: 'https://joker.example/login',
  android: 'https://joker.example/app.apk',
  ios: null,
  isOff: true,
  ...overrides,
});

function renderModal(s: TSlot) {
  const api = mockFetch({
    [`GET /api/wallet/account/${s.code}`]: { body: { username: 'kp_user1', password: 'pw1', event: null } },
    'POST /api/wallet/transfer': { body: { message: 'SUCCESS', status: 'SUCCESS', transferId: '9', amount: s.amount } },
  });
  const callbacks = { onClose: vi.fn(), onTransferOnly: vi.fn(), onChanged: vi.fn() };
  renderAt(<GameModal slot={s} walletAmount={500} {...callbacks} />, '/user/home');
  return { api, user: userEvent.setup(), ...callbacks };
}

afterEach(() => vi.restoreAllMocks());

describe('a game turned off that still holds the member balance', () => {
  it('shows its card as unavailable, with the balance', () => {
    renderAt(<GameCard slot={slot()} onOpen={vi.fn()} />, '/user/home');
    const card = screen.getByTestId('game-card-JOKER');
    expect(card.dataset.off).toBe('true');
    expect(screen.getByTestId('game-off-JOKER').textContent).toBe('Unavailable');
    expect(screen.getByTestId('game-balance-JOKER').textContent).toContain('75.5');
  });

  it('shows a card that is not off as before', () => {
    renderAt(<GameCard slot={slot({ isOff: undefined })} onOpen={vi.fn()} />, '/user/home');
    expect(screen.getByTestId('game-card-JOKER').dataset.off).toBeUndefined();
    expect(screen.queryByTestId('game-off-JOKER')).toBeNull();
  });

  it('offers only to move the balance back to the wallet, and moves all of it', async () => {
    const { api, user, onChanged, onClose } = renderModal(slot());
    expect(screen.getByTestId('game-unavailable-note').textContent).toContain('no longer offered');
    expect(screen.queryByTestId('game-maintenance-message')).toBeNull();
    for (const hidden of ['game-play', 'game-transfer-only', 'game-reset', 'game-android', 'game-activate']) {
      expect(screen.queryByTestId(hidden)).toBeNull();
    }
    await user.click(screen.getByTestId('game-move-back'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const calls = api.callsTo('POST', '/api/wallet/transfer');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ from: 'JOKER', to: 'WALLET', amount: 75.5 });
    expect(onClose).toHaveBeenCalled();
  });

  it('cannot move back an empty balance', () => {
    renderModal(slot({ amount: 0 }));
    expect((screen.getByTestId('game-move-back') as HTMLButtonElement).disabled).toBe(true);
  });
});
