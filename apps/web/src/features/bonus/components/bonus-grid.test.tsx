import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeCheck, bonus, NOT_ACTIVE, receipts, renderBonusPage } from '../testing';

const card = (code: string) => screen.findByTestId(`bonus-card-${code}`) as Promise<HTMLButtonElement>;

describe('/user/bonus: bonus cards', () => {
  it('one card per bonus of GET /api/bonus, each over its first banner image', async () => {
    renderBonusPage({ 'GET /api/bonus': { body: [bonus('A'), bonus('B')] } });
    for (const code of ['A', 'B']) {
      const image = within(await card(code)).getByTestId('bonus-card-image') as HTMLImageElement;
      expect(image.getAttribute('src')).toBe(`/banners/${code}.jpg`);
    }
    expect(screen.getByTestId('bonus-card-A').textContent).toContain('50% up to 500.00');
  });

  it('only the current bonus carries the active marker', async () => {
    const current = bonus('A', { userBonus: { _id: 'u', isActive: true, received: receipts('2025-01-01T00:00:00Z') } });
    renderBonusPage({ 'GET /api/bonus': { body: [current, bonus('B')] } });
    expect(within(await card('A')).getByTestId('bonus-card-active').textContent).toBe('Current');
    expect(within(await card('B')).queryByTestId('bonus-card-active')).toBeNull();
  });

  it('a received card is disabled and says so', async () => {
    const done = bonus('A', {
      maxReceived: 1,
      userBonus: { _id: 'u', isActive: false, received: receipts('2024-03-01T00:00:00Z') },
    });
    const { user } = renderBonusPage({ 'GET /api/bonus': { body: [done] } });
    const button = await card('A');
    expect(button.disabled).toBe(true);
    expect(within(button).getByTestId('bonus-card-received').textContent).toBe('Already received');
    await user.click(button);
    expect(screen.queryByTestId('bonus-modal')).toBeNull();
  });

  it('a failed list load is silent: no cards, no message', async () => {
    const { api } = renderBonusPage({ 'GET /api/bonus': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    await waitFor(() => expect(api.callsTo('GET', '/api/bonus')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bonus-grid').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('bonus-grid').children).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// Wednesday 11 June 2025, 12:00 in Bangkok / Vientiane (UTC+7); the week started on Monday 9 June.
const NOW = new Date('2025-06-11T05:00:00Z');

describe('received rules in the site time zone', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['limit', 2, ['2023-01-01T00:00:00Z', '2025-06-11T01:00:00Z'], 'received'],
    ['limit', 2, ['2023-01-01T00:00:00Z'], 'available'],
    // 18:00 UTC on the 10th is already the 11th at 01:00 in the site's zone.
    ['day', 1, ['2025-06-10T18:00:00Z'], 'received'],
    ['day', 1, ['2025-06-10T16:59:00Z'], 'available'],
    ['day', 2, ['2025-06-11T01:00:00Z'], 'available'],
    ['week', 1, ['2025-06-08T17:00:00Z'], 'received'],
    ['week', 1, ['2025-06-08T16:59:00Z'], 'available'],
    ['week', 1, ['2025-06-02T10:00:00Z'], 'available'],
  ] as const)('%s, maxReceived %i, receipts %j → %s', async (type, maxReceived, dates, state) => {
    const subject = bonus('A', {
      type,
      maxReceived,
      userBonus: { _id: 'u', isActive: false, received: receipts(...dates) },
    });
    renderBonusPage({ 'GET /api/bonus': { body: [subject] } });
    const button = await card('A');
    expect(button.dataset.state).toBe(state);
    expect(button.disabled).toBe(state === 'received');
    expect(within(button).queryByTestId('bonus-card-received') !== null).toBe(state === 'received');
  });
});

describe('/user/bonus: the bonus modal', () => {
  const NOTICE = { notice: '<p>The bonus ends below {percentFail}% of the start ({percentFail}%).</p>' };

  it('a card opens the modal with its banners, the notice with percentFail filled in, and receive', async () => {
    const { user } = renderBonusPage({
      'GET /api/bonus': { body: [bonus('A', { percentFail: 20 })] },
      'GET /api/lookup/notice': { body: NOTICE },
    });
    await user.click(await card('A'));
    const modal = screen.getByTestId('bonus-modal');
    expect(within(modal).getByTestId('banner-carousel').textContent).toContain('A banner text');
    const notice = await within(modal).findByTestId('bonus-notice');
    expect(notice.textContent).toBe('The bonus ends below 20% of the start (20%).');
    expect(within(modal).getByTestId('bonus-figure-percent-fail').textContent).toBe('20%');
    expect(within(modal).getByTestId('bonus-figure-times').textContent).toBe('1 times in total');
    expect(within(modal).getByTestId('bonus-receive').textContent).toBe('Receive bonus');
  });

  it('receive calls GET /api/bonus/activate/{code} with a key; success dialog; the card becomes current', async () => {
    let active = false;
    const { api, user } = renderBonusPage({
      'GET /api/bonus': () => ({
        body: [bonus('WELCOME 1', { userBonus: { _id: 'u', isActive: active, received: [] } })],
      }),
      'GET /api/bonus/check/active': () => ({ body: active ? activeCheck('limit') : NOT_ACTIVE }),
      'GET /api/bonus/activate/WELCOME%201': () => {
        active = true;
        return { body: { _id: 'u', code: 'WELCOME 1', kind: 'bonus', isActive: true } };
      },
    });
    await user.click(await card('WELCOME 1'));
    await user.click(screen.getByTestId('bonus-receive'));
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('Your changes have been saved.');
    expect(screen.queryByTestId('bonus-modal')).toBeNull();
    const calls = api.callsTo('GET', '/api/bonus/activate/WELCOME%201');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(await within(await card('WELCOME 1')).findByTestId('bonus-card-active')).toBeTruthy();
    expect(await screen.findByTestId('bonus-active')).toBeTruthy();
  });

  it("a refused receive shows an error dialog with the server's message; the modal stays", async () => {
    const { user } = renderBonusPage({
      'GET /api/bonus': { body: [bonus('A')] },
      'GET /api/bonus/activate/A': { status: 409, body: { message: 'BONUS_ALREADY_ACTIVE' } },
    });
    await user.click(await card('A'));
    await user.click(screen.getByTestId('bonus-receive'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('You already have an active bonus');
    expect(screen.getByTestId('bonus-modal')).toBeTruthy();
  });

  it('for the current bonus the button only confirms and closes, with no activate call', async () => {
    const current = bonus('A', { userBonus: { _id: 'u', isActive: true, received: receipts('2025-01-01T00:00:00Z') } });
    const { api, user } = renderBonusPage({ 'GET /api/bonus': { body: [current] } });
    await user.click(await card('A'));
    const button = within(screen.getByTestId('bonus-modal')).getByTestId('bonus-receive');
    expect(button.textContent).toBe('OK');
    await user.click(button);
    expect(screen.queryByTestId('bonus-modal')).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/api/bonus/activate'))).toHaveLength(0);
  });
});
