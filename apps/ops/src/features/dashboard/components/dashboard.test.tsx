import type { TDashboard } from '@krapao/contracts/ops/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { Dashboard } from './dashboard';

const zeroDeposits = { QR: 0, BANK: 0, TRUEMONEY: 0, OTHER: 0 };
const days = Array.from({ length: 8 }, (_, i) => ({
  date: `2026-03-0${i + 2}`,
  deposits: { ...zeroDeposits, QR: (i + 1) * 10, BANK: 5 },
  withdrawalsPaid: i,
  net: (i + 1) * 10 + 5 - i,
  newMembers: i * 2,
}));

function dashboard(currency: 'BAHT' | 'LAK'): TDashboard {
  return {
    currency,
    timeZone: 'Asia/Bangkok',
    generatedAt: '2026-03-09T05:00:00.000Z',
    days,
    queues: [
      { queue: 'withdrawals', size: 3, oldestAt: '2026-03-09T02:55:00.000Z' },
      { queue: 'slips', size: 0, oldestAt: null },
      { queue: 'transfers', size: 1, oldestAt: '2026-03-09T04:53:00.000Z' },
      { queue: 'unmatched', size: 2, oldestAt: '2026-03-07T01:00:00.000Z' },
      { queue: 'depositReviews', size: 0, oldestAt: null },
    ],
    health: [
      {
        party: 'payouts',
        lastErrorAt: '2026-03-09T04:58:00.000Z',
        lastErrorMessage: 'PayoutUnavailable: payout bank unavailable: timeout',
        timeouts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3],
        timeoutsPerMinute: 0.4,
        errors: 1,
      },
      {
        party: 'sms',
        lastErrorAt: null,
        lastErrorMessage: null,
        timeouts: Array(15).fill(0),
        timeoutsPerMinute: 0,
        errors: 0,
      },
    ],
  };
}

function stubServer() {
  const fetchMock = vi.fn(async (url: string) =>
    jsonResponse(200, dashboard(new URL(url, 'http://x').searchParams.get('currency') as 'BAHT' | 'LAK')),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the dashboard', () => {
  it('shows the week as charts with their numbers, the queues with links and the parties’ health', async () => {
    stubServer();
    renderWith(<Dashboard />);
    const deposits = await screen.findByRole('table', { name: 'Deposits by channel (THB)' });
    const today = within(deposits).getAllByRole('row').at(-1);
    expect(today?.textContent).toBe('2026-03-0980500');
    expect(screen.getByRole('table', { name: 'New members' })).toBeTruthy();

    const withdrawals = screen.getByRole('link', { name: /Withdrawals to approve/ });
    expect(withdrawals.getAttribute('href')).toBe('/withdrawals');
    expect(withdrawals.textContent).toContain('3');
    expect(withdrawals.textContent).toContain('Oldest: 2 h 5 min');
    expect(screen.getByRole('link', { name: /Unmatched deposits/ }).textContent).toContain('2 d 4 h');
    expect(screen.getByRole('link', { name: /Slips to review/ }).textContent).toContain('Nothing waiting');

    const health = screen.getByTestId('health-table');
    const payouts = within(health).getByRole('row', { name: /Payout bank/ });
    expect(payouts.textContent).toContain('PayoutUnavailable: payout bank unavailable: timeout');
    expect(payouts.textContent).toContain('0.4');
    expect(within(health).getByRole('row', { name: /SMS/ }).textContent).toContain('None');
  });

  it('switches currency, asking the server for that currency', async () => {
    const fetchMock = stubServer();
    renderWith(<Dashboard />);
    await screen.findByRole('table', { name: 'Deposits by channel (THB)' });
    await userEvent.click(screen.getByRole('button', { name: 'LAK' }));
    await screen.findByRole('table', { name: 'Deposits by channel (LAK)' });
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('currency=LAK'));
    expect(screen.getByRole('button', { name: 'LAK' }).getAttribute('aria-pressed')).toBe('true');
  });
});
