import type { TLimitState, TProtectionState } from '@krapao/contracts/protection';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { ProtectionPage } from './protection-page';

const HOUR = 3_600_000;
const limit = (over: Partial<TLimitState> & Pick<TLimitState, 'kind' | 'period'>): TLimitState => ({
  amount: null,
  pendingAmount: null,
  pendingSince: null,
  confirmableAt: null,
  used: 0,
  inGames: 0,
  remaining: null,
  ...over,
});
const stateOf = (limits: TLimitState[], over: Partial<TProtectionState> = {}): TProtectionState => ({
  currency: 'BAHT',
  limits,
  exclusion: null,
  realityCheckMinutes: 0,
  ...over,
});

function renderPage(handlers: Record<string, MockHandler>) {
  const api = mockFetch(handlers);
  const onExcluded = vi.fn();
  renderAt(<ProtectionPage onExcluded={onExcluded} />, '/user/protection');
  return { api, onExcluded, user: userEvent.setup() };
}

describe('protection page limits', () => {
  it('shows the three deposit and three loss limits with used and remaining', async () => {
    renderPage({
      'GET /api/protection': {
        body: stateOf([limit({ kind: 'DEPOSIT', period: 'DAY', amount: 1000, used: 300, remaining: 700 })]),
      },
    });
    const day = await screen.findByTestId('limit-DEPOSIT-DAY');
    expect(within(day).getByTestId('limit-DEPOSIT-DAY-amount').textContent).toBe('Limit 1,000.00');
    expect(within(day).getByTestId('limit-DEPOSIT-DAY-used').textContent).toBe('Used 300.00');
    expect(within(day).getByTestId('limit-DEPOSIT-DAY-remaining').textContent).toBe('Left 700.00');
    for (const kind of ['DEPOSIT', 'LOSS']) {
      for (const period of ['DAY', 'WEEK', 'MONTH']) expect(screen.getByTestId(`limit-${kind}-${period}`)).toBeTruthy();
    }
    expect(screen.getByTestId('limit-LOSS-WEEK-amount').textContent).toBe('No limit');
    expect(screen.queryByTestId('limit-DEPOSIT-DAY-in-games')).toBeNull();
  });

  it('shows the money in games a loss limit counts, and what that leaves', async () => {
    renderPage({
      'GET /api/protection': {
        body: stateOf([limit({ kind: 'LOSS', period: 'DAY', amount: 100, used: 20, inGames: 60, remaining: 20 })]),
      },
    });
    const day = await screen.findByTestId('limit-LOSS-DAY');
    expect(within(day).getByTestId('limit-LOSS-DAY-used').textContent).toBe('Used 20.00');
    expect(within(day).getByTestId('limit-LOSS-DAY-in-games').textContent).toBe('In games now 60.00');
    expect(within(day).getByTestId('limit-LOSS-DAY-remaining').textContent).toBe('Left 20.00');
    expect(screen.getByText(/Money in games counts/)).toBeTruthy();
  });

  it('sets a first limit with the contract body, then reloads the state', async () => {
    let saved = false;
    const { api, user } = renderPage({
      'GET /api/protection': () => ({
        body: stateOf(saved ? [limit({ kind: 'LOSS', period: 'WEEK', amount: 500, remaining: 500 })] : []),
      }),
      'PUT /api/protection/limits': () => {
        saved = true;
        return { body: { message: 'SUCCESS' } };
      },
    });
    await user.type(await screen.findByTestId('limit-LOSS-WEEK-input'), '500');
    await user.click(screen.getByTestId('limit-LOSS-WEEK-save'));
    await waitFor(() => expect(screen.getByTestId('limit-LOSS-WEEK-amount').textContent).toBe('Limit 500.00'));
    const [put] = api.callsTo('PUT', '/api/protection/limits');
    expect(put?.body).toEqual({ kind: 'LOSS', period: 'WEEK', amount: 500 });
    expect(put?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Limit saved')).toBeTruthy();
  });

  it('refuses a bad amount and sends nothing', async () => {
    const { api, user } = renderPage({ 'GET /api/protection': { body: stateOf([]) } });
    await user.type(await screen.findByTestId('limit-DEPOSIT-DAY-input'), '10.555');
    await user.click(screen.getByTestId('limit-DEPOSIT-DAY-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Use at most 2 decimal places');
    expect(api.callsTo('PUT', '/api/protection/limits')).toHaveLength(0);
  });

  it('a raise waits: the row says until when, and Confirm applies it once its time has come', async () => {
    const since = new Date(Date.now() - 25 * HOUR).toISOString();
    const at = new Date(Date.now() - HOUR).toISOString();
    let confirmed = false;
    const { api, user } = renderPage({
      'GET /api/protection': () => ({
        body: stateOf([
          confirmed
            ? limit({ kind: 'DEPOSIT', period: 'MONTH', amount: 9000, remaining: 9000 })
            : limit({
                kind: 'DEPOSIT',
                period: 'MONTH',
                amount: 5000,
                remaining: 5000,
                pendingAmount: 9000,
                pendingSince: since,
                confirmableAt: at,
              }),
        ]),
      }),
      'POST /api/protection/limits/confirm': () => {
        confirmed = true;
        return { body: { message: 'SUCCESS' } };
      },
    });
    const pending = await screen.findByTestId('limit-DEPOSIT-MONTH-pending');
    expect(pending.textContent).toContain(`Raise to 9,000.00 waits until ${formatDate(at)}`);
    expect(screen.queryByTestId('limit-DEPOSIT-MONTH-remove')).toBeNull();
    await user.click(screen.getByTestId('limit-DEPOSIT-MONTH-confirm'));
    await waitFor(() => expect(screen.getByTestId('limit-DEPOSIT-MONTH-amount').textContent).toBe('Limit 9,000.00'));
    expect(api.callsTo('POST', '/api/protection/limits/confirm')[0]?.body).toEqual({
      kind: 'DEPOSIT',
      period: 'MONTH',
    });
    expect(screen.queryByTestId('limit-DEPOSIT-MONTH-pending')).toBeNull();
  });

  it('asking a raise says it waits; before its time Confirm is disabled and Keep current cancels it', async () => {
    const { api, user } = renderPage({
      'GET /api/protection': {
        body: stateOf([
          limit({
            kind: 'LOSS',
            period: 'DAY',
            amount: 100,
            remaining: 100,
            pendingAmount: null,
            pendingSince: new Date().toISOString(),
            confirmableAt: new Date(Date.now() + 24 * HOUR).toISOString(),
          }),
          limit({ kind: 'DEPOSIT', period: 'DAY', amount: 100, remaining: 100 }),
        ]),
      },
      'PUT /api/protection/limits': { body: { message: 'SUCCESS' } },
      'POST /api/protection/limits/cancel': { body: { message: 'SUCCESS' } },
    });
    expect((await screen.findByTestId('limit-LOSS-DAY-pending')).textContent).toContain('Removal waits until');
    expect((screen.getByTestId('limit-LOSS-DAY-confirm') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('limit-LOSS-DAY-keep'));
    await waitFor(() => expect(api.callsTo('POST', '/api/protection/limits/cancel')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/protection/limits/cancel')[0]?.body).toEqual({ kind: 'LOSS', period: 'DAY' });

    await user.type(screen.getByTestId('limit-DEPOSIT-DAY-input'), '200');
    expect(screen.getByText('A higher limit takes effect after 24 hours, when you confirm it.')).toBeTruthy();
    await user.click(screen.getByTestId('limit-DEPOSIT-DAY-save'));
    expect(await screen.findByText('Change saved. It waits 24 hours before you can confirm it')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/protection/limits')[0]?.body).toEqual({
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 200,
    });
  });

  it('a confirmation the server refuses shows the catalogue text', async () => {
    const { user } = renderPage({
      'GET /api/protection': {
        body: stateOf([
          limit({
            kind: 'DEPOSIT',
            period: 'WEEK',
            amount: 100,
            pendingAmount: 300,
            pendingSince: new Date(Date.now() - 25 * HOUR).toISOString(),
            confirmableAt: new Date(Date.now() - HOUR).toISOString(),
          }),
        ]),
      },
      'POST /api/protection/limits/confirm': { status: 409, body: { message: 'PROTECTION_NOT_YET' } },
    });
    await user.click(await screen.findByTestId('limit-DEPOSIT-WEEK-confirm'));
    expect((await screen.findByTestId('protection-error')).textContent).toBe(
      'This limit change can be confirmed only after its 24 hours have passed',
    );
  });
});

describe('protection page breaks', () => {
  it('a self-exclusion asks first, saying it cannot be undone and signs out, then starts and signs out', async () => {
    const { api, onExcluded, user } = renderPage({
      'GET /api/protection': { body: stateOf([]) },
      'POST /api/protection/exclusion': { body: { message: 'SUCCESS' } },
    });
    expect(((await screen.findByTestId('exclusion-start')) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('exclusion-SELF_EXCLUSION-1y'));
    await user.click(screen.getByTestId('exclusion-start'));
    const warning = await screen.findByTestId('exclusion-warning');
    expect(warning.textContent).toContain('A self-exclusion of 1 year starts now.');
    expect(warning.textContent).toContain('It cannot be undone');
    expect(warning.textContent).toContain('You will be signed out now');
    expect(api.callsTo('POST', '/api/protection/exclusion')).toHaveLength(0);
    await user.click(screen.getByText('Yes, start it'));
    await waitFor(() => expect(onExcluded).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/protection/exclusion')[0]?.body).toEqual({
      kind: 'SELF_EXCLUSION',
      duration: '1y',
    });
  });

  it('cancelling the confirmation starts nothing', async () => {
    const { api, onExcluded, user } = renderPage({ 'GET /api/protection': { body: stateOf([]) } });
    await user.click(await screen.findByTestId('exclusion-TIMEOUT-24h'));
    await user.click(screen.getByTestId('exclusion-start'));
    expect((await screen.findByTestId('exclusion-warning')).textContent).toContain('A time-out of 24 hours');
    await user.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/protection/exclusion')).toHaveLength(0);
    expect(onExcluded).not.toHaveBeenCalled();
  });

  it('saves the reality check interval', async () => {
    const { api, user } = renderPage({
      'GET /api/protection': { body: stateOf([], { realityCheckMinutes: 0 }) },
      'PUT /api/protection/reality-check': { body: { message: 'SUCCESS' } },
    });
    expect(((await screen.findByTestId('reality-0')) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByTestId('reality-60'));
    await user.click(screen.getByTestId('reality-save'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/protection/reality-check')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/protection/reality-check')[0]?.body).toEqual({ minutes: 60 });
  });
});
