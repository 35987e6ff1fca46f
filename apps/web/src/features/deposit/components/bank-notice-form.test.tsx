import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { BankNoticeForm } from './bank-notice-form';

function renderForm(handlers: Record<string, MockHandler> = {}, minimumDeposit = 20) {
  const api = mockFetch(handlers);
  const onDone = vi.fn();
  renderAt(<BankNoticeForm minimumDeposit={minimumDeposit} onDone={onDone} />, '/user/home');
  return { api, onDone, user: userEvent.setup() };
}

async function send(user: ReturnType<typeof userEvent.setup>, amount: string) {
  if (amount) await user.type(screen.getByTestId('notice-amount'), amount);
  await user.click(screen.getByTestId('notice-send'));
}

describe('manual transfer notice (POST /api/wallet/add)', () => {
  it('posts exactly {amount} with an Idempotency-Key, says the transfer will be matched, and finishes', async () => {
    const { api, user, onDone } = renderForm({ 'POST /api/wallet/add': { body: { message: 'SUCCESS' } } });
    await send(user, '500');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [call] = api.callsTo('POST', '/api/wallet/add');
    expect(call?.body).toEqual({ amount: 500 });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(
      await screen.findByText('Thank you. We will match your transfer of 500.00 and credit your wallet.'),
    ).toBeTruthy();
  });

  it.each([
    ['', 'Please enter an amount above 0'],
    ['10', 'The minimum deposit is 20.00'],
    ['100.555', 'Use at most 2 decimal places'],
  ])('refuses %j without a call', async (amount, text) => {
    const { api, user, onDone } = renderForm();
    await send(user, amount);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(api.callsTo('POST', '/api/wallet/add')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a refusal from the server translated', async () => {
    const { user, onDone } = renderForm({
      'POST /api/wallet/add': { status: 409, body: { message: 'BONUS_REMAINING' } },
    });
    await send(user, '100');
    expect((await screen.findByTestId('notice-error')).textContent).toContain('You still have an unfinished bonus');
    expect(onDone).not.toHaveBeenCalled();
  });
});
