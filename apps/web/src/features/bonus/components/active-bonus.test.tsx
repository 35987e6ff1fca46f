import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeCheck, NOT_ACTIVE, PROGRESS, renderBonusPage } from '../testing';

describe('/user/bonus: the active bonus', () => {
  it('status true shows the translated type and a cancel button instead of the code field', async () => {
    renderBonusPage({ 'GET /api/bonus/check/active': { body: activeCheck('day') } });
    expect((await screen.findByTestId('bonus-active-type')).textContent).toBe('Daily bonus');
    expect(screen.getByTestId('bonus-cancel')).toBeTruthy();
    expect(screen.queryByTestId('promotion-code')).toBeNull();
  });

  it.each([
    ['limit', 'Limited bonus'],
    ['week', 'Weekly bonus'],
    ['invite', 'Invite bonus'],
    ['refund', 'Refund (cashback)'],
    ['promotion', 'Promotion code'],
    ['coupon', 'Lucky draw coupon'],
  ])('names the condition type %s', async (type, text) => {
    renderBonusPage({ 'GET /api/bonus/check/active': { body: activeCheck(type) } });
    expect((await screen.findByTestId('bonus-active-type')).textContent).toBe(text);
  });

  it('shows the progress: balance against the target, the fail line, start credit and bonus, in plain words', async () => {
    renderBonusPage({ 'GET /api/bonus/check/active': { body: activeCheck('limit') } });
    const panel = await screen.findByTestId('bonus-progress');
    expect(within(panel).getByTestId('bonus-progress-balance').textContent).toBe('210.00');
    expect(panel.textContent).toContain('/ 750.00');
    expect(within(panel).getByTestId('bonus-progress-rule').textContent).toBe(
      'Reach 750.00 to finish the bonus; if your balance falls below 30.00 the bonus ends.',
    );
    expect(panel.textContent).toContain('540.00 more to reach the target.');
    expect(panel.textContent).toContain('Starting credit150.00');
    expect(panel.textContent).toContain('Bonus received50.00');
    const bar = within(panel).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(PROGRESS.balance));
    expect(bar.getAttribute('aria-valuemax')).toBe(String(PROGRESS.target));
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('28%');
    expect((bar.lastElementChild as HTMLElement).style.left).toBe('4%');
  });

  it('cancel asks first; declining makes no call', async () => {
    const { api, user } = renderBonusPage({ 'GET /api/bonus/check/active': { body: activeCheck('day') } });
    await user.click(await screen.findByTestId('bonus-cancel'));
    const confirm = screen.getByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Cancel this bonus?');
    // What the cancel takes back, before the member confirms (decision 055).
    expect(within(confirm).getByTestId('bonus-cancel-takes-back').textContent).toBe('A cancel takes back 50.00');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(api.callsTo('GET', '/api/bonus/clear')).toHaveLength(0);
  });

  it('confirming calls clear once with a key, toasts its message translated, and the code field returns', async () => {
    let active = true;
    const { api, user } = renderBonusPage({
      'GET /api/bonus/check/active': () => ({ body: active ? activeCheck('day') : NOT_ACTIVE }),
      'GET /api/bonus/clear': () => {
        active = false;
        return { body: { message: 'BONUS_CLEAR', takenBack: 50 } };
      },
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByTestId('toast-success')).textContent).toBe(
      'Bonus cancelled. 50.00 was taken back from your wallet.',
    );
    const calls = api.callsTo('GET', '/api/bonus/clear');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByTestId('promotion-code')).toBeTruthy();
    expect(screen.queryByTestId('bonus-active')).toBeNull();
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it("a failed cancel shows a danger alert with the server's message and a close button; the bonus stays", async () => {
    const { user } = renderBonusPage({
      'GET /api/bonus/check/active': { body: activeCheck('week') },
      'GET /api/bonus/clear': { status: 409, body: { message: 'BONUS_CONDITION' } },
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    const alert = await screen.findByTestId('bonus-cancel-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('You do not meet the conditions for this bonus yet');
    expect(screen.getByTestId('bonus-active')).toBeTruthy();
    await user.click(screen.getByTestId('bonus-cancel-error-close'));
    expect(screen.queryByTestId('bonus-cancel-error')).toBeNull();
  });

  it('a cancel refused because the credit is still in a game says how much and that nothing changed', async () => {
    const { user } = renderBonusPage({
      'GET /api/bonus/check/active': { body: activeCheck('promotion', { ...PROGRESS, cancelTakesBack: 100 }) },
      'GET /api/bonus/clear': {
        status: 400,
        body: { message: 'MONEY_NOT_ENOUGH', reason: 'credit-outside-wallet', takeBack: 100 },
      },
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    expect(screen.getByTestId('bonus-cancel-takes-back').textContent).toBe('A cancel takes back 100.00');
    await user.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    const alert = await screen.findByTestId('bonus-cancel-error');
    expect(alert.textContent).toContain('The 100.00 to take back could not all be brought back from your games yet');
    expect(alert.textContent).toContain('Nothing was changed');
    expect(screen.getByTestId('bonus-active')).toBeTruthy();
  });

  it('a failed active check is silent: neither the panel nor the code field shows', async () => {
    const { api } = renderBonusPage({ 'GET /api/bonus/check/active': { status: 500, body: { message: 'X' } } });
    await waitFor(() => expect(api.callsTo('GET', '/api/bonus/check/active')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bonus-grid').getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('bonus-active')).toBeNull();
    expect(screen.queryByTestId('promotion-code')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
