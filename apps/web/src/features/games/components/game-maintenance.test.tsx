import type { TSlot } from '@krapao/contracts/wallet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { GameCard } from './game-card';
import { GameModal } from './game-modal';

const slot = (overrides: Partial<TSlot> = {}): TSlot => ({
  code: 'BETFLIX',
  name: 'Betflix',
  category: 'slot',
  logo: '/games/betflix.svg',
  background: '/games/betflix-bg.svg',
  amount: 120,
  isActive: true,
  ftWalletSlot: 1,
  web: null,
  android: null,
  ios: null,
  maintenanceMessage: 'Back at 14:00',
  ...overrides,
});
const ACCOUNT = { username: 'kp_user1', password: 'pw1', event: null };
const TRANSFER_OK = { body: { message: 'SUCCESS', status: 'SUCCESS', transferId: '9', amount: 120 } };

function renderModal(s: TSlot) {
  const api = mockFetch({
    [`GET /api/wallet/account/${s.code}`]: { body: ACCOUNT },
    'POST /api/wallet/transfer': TRANSFER_OK,
  });
  const callbacks = { onClose: vi.fn(), onTransferOnly: vi.fn(), onChanged: vi.fn() };
  renderAt(<GameModal slot={s} walletAmount={500} {...callbacks} />, '/user/home');
  return { api, user: userEvent.setup(), ...callbacks };
}

afterEach(() => vi.restoreAllMocks());

describe('a game under maintenance', () => {
  it('shows the card under maintenance with the message', () => {
    renderAt(<GameCard slot={slot()} onOpen={vi.fn()} />, '/user/home');
    const card = screen.getByTestId('game-card-BETFLIX');
    expect(card.dataset.maintenance).toBe('true');
    expect(card.textContent).toContain('Under maintenance');
    expect(screen.getByTestId('game-maintenance-BETFLIX').textContent).toBe('Back at 14:00');
  });

  it('does not offer to open an account in it (the server would refuse)', () => {
    renderAt(<GameCard slot={slot({ isActive: false, amount: 0 })} onOpen={vi.fn()} />, '/user/home');
    expect(screen.getByTestId('game-card-BETFLIX').textContent).not.toContain('Open account');
  });

  it('shows a card without maintenance as before', () => {
    renderAt(<GameCard slot={slot({ maintenanceMessage: undefined })} onOpen={vi.fn()} />, '/user/home');
    expect(screen.queryByTestId('game-maintenance-BETFLIX')).toBeNull();
    expect(screen.getByTestId('game-card-BETFLIX').textContent).not.toContain('Under maintenance');
  });

  it('offers to open an account in a game that is on', () => {
    renderAt(
      <GameCard slot={slot({ isActive: false, amount: 0, maintenanceMessage: undefined })} onOpen={vi.fn()} />,
      '/user/home',
    );
    expect(screen.getByTestId('game-card-BETFLIX').textContent).toContain('Open account');
  });

  it('offers only to move the balance back to the wallet, and moves all of it', async () => {
    const { api, user, onChanged, onClose } = renderModal(slot());
    expect(screen.getByTestId('game-maintenance-message').textContent).toBe('Back at 14:00');
    expect(screen.queryByTestId('game-play')).toBeNull();
    expect(screen.queryByTestId('game-transfer-only')).toBeNull();
    await user.click(screen.getByTestId('game-move-back'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const calls = api.callsTo('POST', '/api/wallet/transfer');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ from: 'BETFLIX', to: 'WALLET', amount: 120 });
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('cannot move back an empty balance, nor open an account', async () => {
    renderModal(slot({ amount: 0 }));
    expect((screen.getByTestId('game-move-back') as HTMLButtonElement).disabled).toBe(true);
    const { unmount } = renderAt(
      <GameModal
        slot={slot({ code: 'PG', isActive: false, amount: 0 })}
        walletAmount={500}
        onClose={vi.fn()}
        onTransferOnly={vi.fn()}
        onChanged={vi.fn()}
      />,
      '/user/home',
    );
    expect(screen.queryByTestId('game-activate')).toBeNull();
    unmount();
  });
});
