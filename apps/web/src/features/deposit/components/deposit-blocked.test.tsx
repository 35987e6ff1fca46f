// A member on a break or at their deposit limit gets no channel from the deposit lookup: the modal
// says why and until when, links to their limits, and keeps only the ways to report a transfer made.
import type { TDepositLookup } from '@krapao/contracts/lookup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { DepositModal } from './deposit-modal';

const UNTIL = '2030-01-02T03:04:05.000Z';

function renderBlocked(blocked: TDepositLookup['blocked'], isManual = false) {
  const lookup: TDepositLookup = { banks: [], wallets: [], isManual, minimumDeposit: 100, blocked };
  const api = mockFetch({
    'GET /api/lookup/deposit': { body: lookup },
    'GET /api/lookup/slip': { body: { isClosed: false, closeStart: '23:50', closeEnd: '00:10' } },
  });
  const onClose = vi.fn();
  const view = renderAt(<DepositModal open onClose={onClose} />, '/user/home', [
    { path: '/user/protection', element: <p>protection page</p> },
  ]);
  return { api, view };
}

describe('deposit modal while deposits are held back', () => {
  it('at the deposit limit: says until when, shows no channel, keeps the slip upload', async () => {
    const { api } = renderBlocked({ reason: 'limit', until: UNTIL });
    const card = await screen.findByTestId('deposit-blocked');
    expect(within(card).getByTestId('deposit-blocked-text').textContent).toBe(
      `Your deposit limit is reached until ${formatDate(UNTIL)}.`,
    );
    expect(formatDate(UNTIL)).not.toBe('');
    expect(card.getAttribute('role')).toBe('status');
    const modal = screen.getByTestId('deposit-modal');
    expect(within(modal).queryByText('Transfer to our bank account')).toBeNull();
    expect(within(modal).queryByText('Deposit by QR code')).toBeNull();
    expect(within(modal).queryByTestId('truewallet-section')).toBeNull();
    expect(within(modal).queryByTestId('deposit-rules')).toBeNull();
    expect(within(modal).queryByText(/No deposit channel is open/)).toBeNull();
    expect(within(modal).getByTestId('slip-section')).toBeTruthy();
    expect(within(modal).queryByTestId('notice-form')).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/qrcode'))).toBe(false);
  });

  it('links to the member’s limits and breaks', async () => {
    const { view } = renderBlocked({ reason: 'limit', until: UNTIL });
    const link = await screen.findByTestId('deposit-blocked-link');
    expect(link.getAttribute('href')).toBe('/user/protection');
    expect(link.textContent).toBe('Your limits and breaks');
    await userEvent.setup().click(link);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user/protection'));
    expect(screen.getByText('protection page')).toBeTruthy();
  });

  it('on a break: the break text with its end, and the manual notice stays when the site takes them', async () => {
    renderBlocked({ reason: 'excluded', until: UNTIL }, true);
    expect((await screen.findByTestId('deposit-blocked-text')).textContent).toBe(
      `You are taking a break until ${formatDate(UNTIL)}. Deposits are closed until then.`,
    );
    expect(screen.getByTestId('notice-form')).toBeTruthy();
  });

  it('a permanent break says so without a date', async () => {
    renderBlocked({ reason: 'excluded', until: null });
    expect((await screen.findByTestId('deposit-blocked-text')).textContent).toBe(
      'You are taking a permanent break. Deposits are closed.',
    );
  });

  it('a limit with no end in sight says so without a date', async () => {
    renderBlocked({ reason: 'limit', until: null });
    expect((await screen.findByTestId('deposit-blocked-text')).textContent).toBe('Your deposit limit is reached.');
  });

  it('a lookup without `blocked` (or null) shows the channels as before', async () => {
    renderBlocked(null);
    expect(await screen.findByText(/No deposit channel is open/)).toBeTruthy();
    expect(screen.queryByTestId('deposit-blocked')).toBeNull();
    expect(screen.getByTestId('deposit-rules')).toBeTruthy();
  });
});
