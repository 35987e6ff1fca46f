import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { TransferModal } from './transfer-modal';

const ACCOUNTS = [
  { code: 'JOKER', name: 'Joker', amount: 20 },
  { code: 'PG', name: 'PG Soft', amount: 0 },
];
const OK = { body: { message: 'SUCCESS', status: 'SUCCESS', transferId: 't1', amount: 100 } };

function renderModal(handlers: Record<string, MockHandler> = {}, preset?: { from?: string; to?: string }) {
  const api = mockFetch(handlers);
  const onClose = vi.fn();
  renderAt(
    <TransferModal open walletAmount={150} accounts={ACCOUNTS} preset={preset} onClose={onClose} />,
    '/user/home',
  );
  return { api, onClose, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, from: string, to: string, amount: string) {
  if (from) await user.selectOptions(screen.getByTestId('transfer-from'), from);
  if (to) await user.selectOptions(screen.getByTestId('transfer-to'), to);
  if (amount) await user.type(screen.getByTestId('transfer-amount'), amount);
  await user.click(screen.getByTestId('transfer-submit'));
}

describe('transfer modal', () => {
  it('lists the main wallet and the given game accounts on both sides', () => {
    renderModal();
    for (const id of ['transfer-from', 'transfer-to']) {
      const values = Array.from((screen.getByTestId(id) as HTMLSelectElement).options, (o) => o.value);
      expect(values).toEqual(['', 'WALLET', 'JOKER', 'PG']);
    }
    const amount = screen.getByTestId('transfer-amount') as HTMLInputElement;
    expect(amount.type).toBe('number');
    expect(amount.min).toBe('0');
    expect(amount.required).toBe(true);
  });

  it('offers a game turned off or under maintenance only as a source, never as a destination', () => {
    const accounts = [
      ...ACCOUNTS,
      { code: 'OFF', name: 'Gone', amount: 30, isOff: true as const },
      { code: 'FIX', name: 'Fixing', amount: 10, maintenanceMessage: 'Back at 14:00' },
    ];
    mockFetch({});
    renderAt(<TransferModal open walletAmount={150} accounts={accounts} onClose={vi.fn()} />, '/user/home');
    const values = (id: string) => Array.from((screen.getByTestId(id) as HTMLSelectElement).options, (o) => o.value);
    expect(values('transfer-from')).toEqual(['', 'WALLET', 'JOKER', 'PG', 'OFF', 'FIX']);
    expect(values('transfer-to')).toEqual(['', 'WALLET', 'JOKER', 'PG']);
  });

  it('asks to select both accounts and sends nothing', async () => {
    const { api, user } = renderModal();
    await fill(user, 'WALLET', '', '100');
    expect(await screen.findByText('Please select the accounts to transfer from and to')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('refuses the same account on both sides', async () => {
    const { api, user } = renderModal();
    await fill(user, 'WALLET', 'WALLET', '100');
    expect(await screen.findByText('Cannot transfer to the same account')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('shows the minimum message with the number 1 for 0.5', async () => {
    const { api, user } = renderModal();
    await fill(user, 'WALLET', 'JOKER', '0.5');
    expect(await screen.findByText('The minimum transfer amount is 1')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('asks for an amount above 0 when it is empty', async () => {
    const { api, user } = renderModal();
    await fill(user, 'WALLET', 'JOKER', '');
    expect(await screen.findByText('Please enter an amount above 0')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('sends exactly {from, to, amount} with an Idempotency-Key, toasts success and closes with a refresh', async () => {
    const { api, user, onClose } = renderModal({ 'POST /api/wallet/transfer': OK });
    await fill(user, 'WALLET', 'JOKER', '100');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = api.callsTo('POST', '/api/wallet/transfer');
    expect(call?.body).toEqual({ from: 'WALLET', to: 'JOKER', amount: 100 });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText('Transfer successful')).toBeTruthy();
  });

  it('says the transfer is processing when the answer is PENDING', async () => {
    const { user, onClose } = renderModal({
      'POST /api/wallet/transfer': { body: { ...OK.body, message: 'PENDING', status: 'PENDING' } },
    });
    await fill(user, 'JOKER', 'WALLET', '20');
    expect(await screen.findByText(/being processed/)).toBeTruthy();
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows TRANSFER_FAIL translated (funds returned) and stays open', async () => {
    const { user, onClose } = renderModal({
      'POST /api/wallet/transfer': { status: 502, body: { message: 'TRANSFER_FAIL' } },
    });
    await fill(user, 'WALLET', 'JOKER', '100');
    const dialog = await screen.findByTestId('error-dialog');
    expect(dialog.textContent).toContain('The funds have been returned to your wallet');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('transfer-modal')).toBeTruthy();
  });

  it('Escape on the error dialog closes only that dialog; the next Escape closes the form', async () => {
    const { user, onClose } = renderModal({
      'POST /api/wallet/transfer': { status: 502, body: { message: 'TRANSFER_FAIL' } },
    });
    await fill(user, 'WALLET', 'JOKER', '100');
    await screen.findByTestId('error-dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('transfer-modal')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('shows a free-text server message as it is', async () => {
    const { user } = renderModal({ 'POST /api/wallet/transfer': { status: 400, body: { message: 'Provider busy' } } });
    await fill(user, 'WALLET', 'JOKER', '100');
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('Provider busy');
  });

  it('reuses the key when the same transfer is sent again after a network error, not after an answer', async () => {
    let attempt = 0;
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ message: 'MONEY_NOT_ENOUGH' }), { status: 400 });
      }),
    );
    const onClose = vi.fn();
    renderAt(<TransferModal open walletAmount={150} accounts={ACCOUNTS} onClose={onClose} />, '/user/home');
    const user = userEvent.setup();
    await fill(user, 'WALLET', 'JOKER', '100');
    await screen.findByTestId('error-dialog');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('Insufficient balance'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('starts from the preset accounts', () => {
    renderModal({}, { from: 'WALLET', to: 'PG' });
    expect((screen.getByTestId('transfer-from') as HTMLSelectElement).value).toBe('WALLET');
    expect((screen.getByTestId('transfer-to') as HTMLSelectElement).value).toBe('PG');
  });
});
