import type { TBankAccount } from '@krapao/contracts/account';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { WithdrawModal } from './withdraw-modal';

const BANK: TBankAccount = {
  bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
  bankCode: 'KBANK',
  bankAccountName: 'somchai jaidee',
  bankAccountNo: '1234567890',
};
const LIMITS = { 'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 5000 } } };
const reviewOf = (turnoverLeft: number, autoApproveUpTo: number) => ({
  'GET /api/wallet/withdraw/review': { body: { turnoverLeft, autoApproveUpTo, withdrawMin: 100, withdrawMax: 5000 } },
});
const OK = { body: { message: 'SUCCESS', status: 'PENDING', withdrawId: 'w1', amount: 200 } };

function renderModal(handlers: Record<string, MockHandler> = {}, bankAccount: TBankAccount | null = BANK) {
  const api = mockFetch({ ...LIMITS, ...reviewOf(0, 5000), ...handlers });
  const onClose = vi.fn();
  renderAt(<WithdrawModal open walletAmount={1500} bankAccount={bankAccount} onClose={onClose} />, '/user/home');
  return { api, onClose, user: userEvent.setup() };
}

async function submit(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await waitFor(() => expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false));
  if (amount) await user.type(screen.getByTestId('withdraw-amount'), amount);
  await user.click(screen.getByTestId('withdraw-submit'));
}

describe('withdraw modal', () => {
  it('loads the limits when opened and shows the balance and the registered account it pays to', async () => {
    const { api } = renderModal();
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/withdraw')).toHaveLength(1));
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('1,500.00');
    expect(screen.getByTestId('withdraw-bank-name').textContent).toBe('Kasikornbank');
    expect(screen.getByTestId('withdraw-bank-holder').textContent).toBe('SOMCHAI JAIDEE');
    expect(screen.getByTestId('withdraw-bank-number').textContent).toBe('123-456-7890');
    expect(await screen.findByText('Minimum 100.00, maximum 5,000.00')).toBeTruthy();
    const amount = screen.getByTestId('withdraw-amount') as HTMLInputElement;
    expect(amount.type).toBe('number');
    expect(amount.required).toBe(true);
  });

  it.each([
    ['', 'Please enter an amount above 0'],
    ['50', 'The minimum withdrawal is 100.00'],
    ['6000', 'The maximum withdrawal is 5,000.00'],
    ['150.125', 'Use at most 2 decimal places'],
  ])('refuses %j with its message and sends nothing', async (amount, text) => {
    const { api, user, onClose } = renderModal();
    await submit(user, amount);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(api.callsTo('POST', '/api/wallet/withdrawAll')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends exactly {amount} to withdrawAll with an Idempotency-Key, says to wait for the transfer, closes with a refresh', async () => {
    const { api, user, onClose } = renderModal({ 'POST /api/wallet/withdrawAll': OK });
    await submit(user, '200');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = api.callsTo('POST', '/api/wallet/withdrawAll');
    expect(call?.body).toEqual({ amount: 200 });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
    expect(
      await screen.findByText('Withdrawal received. Please wait for the transfer to your bank account.'),
    ).toBeTruthy();
  });

  it.each([
    ['MONEY_NOT_ENOUGH', 400, 'Insufficient balance'],
    ['NO_BANK', 404, 'Bank account not found'],
    ['Payout desk closed', 400, 'Payout desk closed'],
  ])('shows %s in an error alert and stays open', async (message, status, text) => {
    const { user, onClose } = renderModal({ 'POST /api/wallet/withdrawAll': { status, body: { message } } });
    await submit(user, '200');
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(text);
    expect(screen.getByTestId('error-dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('withdraw-modal')).toBeTruthy();
  });

  it('without a registered bank account says so and cannot submit', async () => {
    const { api } = renderModal({}, null);
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/withdraw')).toHaveLength(1));
    expect(screen.getByTestId('withdraw-no-bank').textContent).toContain('no registered bank account');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says before sending how much is still to play while deposits are not played through', async () => {
    const { api, user } = renderModal(reviewOf(1250.5, 0));
    const note = await screen.findByTestId('withdraw-review-note');
    expect(note.textContent).toBe(
      'Play 1,250.50 more before a withdrawal is paid at once; until then it waits for review.',
    );
    expect(api.callsTo('GET', '/api/wallet/withdraw/review')).toHaveLength(1);
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    expect(screen.getByTestId('withdraw-review-note').textContent).toContain('1,250.50');
  });

  it('says that an amount above what is paid at once waits for review, and nothing at or below it', async () => {
    const { api, user } = renderModal(reviewOf(0, 2000));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet/withdraw/review')).toHaveLength(1));
    const amount = screen.getByTestId('withdraw-amount');
    await user.type(amount, '2000');
    expect(screen.queryByTestId('withdraw-review-note')).toBeNull();
    await user.type(amount, '.01');
    expect(screen.getByTestId('withdraw-review-note').textContent).toBe('This amount waits for review by our staff.');
  });

  it('a review that fails to load shows nothing and the withdrawal can still be sent', async () => {
    const { api, user } = renderModal({
      'GET /api/wallet/withdraw/review': { status: 500, body: { message: 'oops' } },
      'POST /api/wallet/withdrawAll': OK,
    });
    await submit(user, '3000');
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/withdrawAll')).toHaveLength(1));
    expect(screen.queryByTestId('withdraw-review-note')).toBeNull();
  });

  it('limits that fail to load say so, block sending, and load again on Try again', async () => {
    let limitsUp = false;
    const { api, user } = renderModal({
      'GET /api/lookup/withdraw': () =>
        limitsUp ? LIMITS['GET /api/lookup/withdraw'] : { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
      'POST /api/wallet/withdrawAll': OK,
    });
    const failed = await screen.findByTestId('withdraw-limits-failed', {}, { timeout: 5000 });
    expect(failed.textContent).toContain('The withdraw limits could not be loaded');
    await user.type(screen.getByTestId('withdraw-amount'), '200');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('withdraw-submit').closest('form') as HTMLFormElement);
    expect(api.callsTo('POST', '/api/wallet/withdrawAll')).toHaveLength(0);

    limitsUp = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('withdraw-limits-failed')).toBeNull());
    await submit(user, '');
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/withdrawAll')).toHaveLength(1));
  });

  it('the close button closes without a refresh', async () => {
    const { onClose, user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
