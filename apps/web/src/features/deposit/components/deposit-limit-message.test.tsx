// A deposit refused by the member's deposit limit says what the period still allows.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { TruemoneyLinkForm } from './truemoney-link-form';

const LINK = 'https://gift.truemoney.com/campaign/?v=abc123';

function renderForm(answer: { status: number; body: unknown }) {
  const api = mockFetch({ 'POST /api/wallet/truelink': answer });
  const onDone = vi.fn();
  renderAt(<TruemoneyLinkForm walletName="Krapao Gift" onDone={onDone} />, '/user/home');
  return { api, onDone, user: userEvent.setup() };
}

describe('deposit limit refusal', () => {
  it('shows the catalogue text and what the refusing period still allows', async () => {
    const { api, onDone, user } = renderForm({
      status: 409,
      body: { message: 'PROTECTION_DEPOSIT_LIMIT', period: 'WEEK', remaining: 1250.5, currency: 'BAHT' },
    });
    await user.type(screen.getByTestId('truelink-input'), LINK);
    await user.click(screen.getByTestId('truelink-send'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This deposit would go over the deposit limit you set — Still allowed within 7 days: 1,250.50',
    );
    expect(api.callsTo('POST', '/api/wallet/truelink')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says 0 left once a transfer that could not be refused has used the limit up', async () => {
    const { user } = renderForm({
      status: 409,
      body: { message: 'PROTECTION_DEPOSIT_LIMIT', period: 'DAY', remaining: 0, currency: 'BAHT' },
    });
    await user.type(screen.getByTestId('truelink-input'), LINK);
    await user.click(screen.getByTestId('truelink-send'));
    expect((await screen.findByRole('alert')).textContent).toContain('Still allowed within 24 hours: 0.00');
  });

  it('an exclusion refusal shows its catalogue text alone', async () => {
    const { user } = renderForm({
      status: 403,
      body: { message: 'PROTECTION_EXCLUDED', kind: 'TIMEOUT', endsAt: '2030-01-01T00:00:00.000Z' },
    });
    await user.type(screen.getByTestId('truelink-input'), LINK);
    await user.click(screen.getByTestId('truelink-send'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is taking a break from play. You can still withdraw and read your statement',
    );
  });
});
