import type { TProtectionState, TSessionSummary } from '@krapao/contracts/protection';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { RealityCheckHost } from '../components/reality-check-host';
import { nextCheckAt } from '../lib/protection-lib';

const MINUTE = 60_000;
const NOW = new Date('2030-01-01T10:00:00.000Z');
const SIGNED_IN = new Date(NOW.getTime() - 10 * MINUTE).toISOString();

const state = (realityCheckMinutes: number): TProtectionState => ({
  currency: 'BAHT',
  limits: [],
  exclusion: null,
  realityCheckMinutes,
});
const summary = (): TSessionSummary => ({
  signedInAt: SIGNED_IN,
  minutesPlayed: Math.round((Date.now() - Date.parse(SIGNED_IN)) / MINUTE),
  net: -150,
  currency: 'BAHT',
});

function renderHost(minutes: number) {
  const api = mockFetch({
    'GET /api/protection': { body: state(minutes) },
    'GET /api/protection/session': () => ({ body: summary() }),
  });
  const onStop = vi.fn();
  renderAt(<RealityCheckHost onStop={onStop} />, '/user/home');
  return { api, onStop, sessions: () => api.callsTo('GET', '/api/protection/session').length };
}

const advance = (minutes: number) => act(() => vi.advanceTimersByTimeAsync(minutes * MINUTE));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('next reality check time', () => {
  it('falls on the next whole multiple of the interval after sign-in', () => {
    expect(nextCheckAt(SIGNED_IN, 30, NOW)?.toISOString()).toBe('2030-01-01T10:20:00.000Z');
    expect(nextCheckAt(SIGNED_IN, 60, NOW)?.toISOString()).toBe('2030-01-01T10:50:00.000Z');
    expect(nextCheckAt(SIGNED_IN, 30, new Date('2030-01-01T10:20:00.000Z'))?.toISOString()).toBe(
      '2030-01-01T10:50:00.000Z',
    );
    expect(nextCheckAt(SIGNED_IN, 0, NOW)).toBeNull();
  });
});

describe('reality check dialog', () => {
  it('shows every 30 minutes from sign-in with minutes played and net result, never stacked', async () => {
    const { sessions } = renderHost(30);
    await waitFor(() => expect(sessions()).toBe(1)); // learns the sign-in time
    await advance(19);
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(sessions()).toBe(1);

    await advance(1); // 10:20, 30 minutes after sign-in
    const dialog = await screen.findByTestId('reality-check-dialog');
    expect(sessions()).toBe(2);
    expect(screen.getByTestId('reality-minutes').textContent).toBe('You have been signed in for 30 minutes.');
    expect(screen.getByTestId('reality-net').textContent).toBe('Your result since sign-in: -150.00');
    expect(dialog.textContent).toContain('Continue');
    expect(dialog.textContent).toContain('Stop playing');

    await advance(60); // left open past two more intervals: still one dialog, nothing fetched
    expect(screen.getAllByTestId('reality-check-dialog')).toHaveLength(1);
    expect(sessions()).toBe(2);

    fireEvent.click(screen.getByTestId('reality-continue')); // 11:20
    await waitFor(() => expect(screen.queryByTestId('reality-check-dialog')).toBeNull());
    await advance(29);
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    await advance(1); // 11:50, the next multiple of 30 from sign-in
    expect((await screen.findByTestId('reality-minutes')).textContent).toBe('You have been signed in for 120 minutes.');
    expect(sessions()).toBe(3);
  });

  it('Stop playing hands over to sign-out', async () => {
    const { onStop, sessions } = renderHost(60);
    await waitFor(() => expect(sessions()).toBe(1));
    await advance(50);
    fireEvent.click(await screen.findByTestId('reality-stop'));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the check is off', async () => {
    const { api, sessions } = renderHost(0);
    await waitFor(() => expect(api.callsTo('GET', '/api/protection')).toHaveLength(1));
    await advance(120);
    expect(sessions()).toBe(0);
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
  });
});
