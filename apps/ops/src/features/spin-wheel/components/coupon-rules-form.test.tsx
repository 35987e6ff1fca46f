import { settingsPaths } from '@krapao/contracts/ops/settings';
import { spinWheelPaths, type TSpinWheelPage } from '@krapao/contracts/ops/spin-wheel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { SpinWheelPage } from './spin-wheel-page';

const PAGE: TSpinWheelPage = {
  wheel: null,
  lastChange: null,
  couponRules: { success: 10, fail: 10 },
  couponRulesChange: { at: '2026-03-01T05:00:00.000Z', staffName: 'Nok' },
};

function server() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === settingsPaths.couponRules && init?.method === 'PUT')
      return jsonResponse(200, { ...PAGE, couponRules: JSON.parse(String(init.body)).value });
    if (url === spinWheelPaths.wheel) return jsonResponse(200, PAGE);
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}
const puts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

afterEach(() => vi.unstubAllGlobals());

describe('the coupon condition on the spin wheel page', () => {
  it('shows the current percentages and who changed them', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<SpinWheelPage />);
    const form = await screen.findByTestId('coupon-rules');
    expect((within(form).getByLabelText('Success at + (%)') as HTMLInputElement).value).toBe('10');
    expect(within(form).getByTestId('coupon-rules-change').textContent).toMatch(/Changed by Nok/);
  });

  it('refuses a percentage above 100 or negative without calling the server, then saves with the reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SpinWheelPage />);
    const form = await screen.findByTestId('coupon-rules');
    const success = within(form).getByLabelText('Success at + (%)');
    const fail = within(form).getByLabelText('Fails below (% of the start)');
    await userEvent.clear(success);
    await userEvent.type(success, '101');
    await userEvent.clear(fail);
    await userEvent.type(fail, '-1');
    await userEvent.type(within(form).getByLabelText('Reason for this change'), 'harder coupons');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the coupon condition' }));
    expect(await within(form).findAllByText('A whole number from 0 to 100')).toHaveLength(2);
    expect(puts(fetchMock)).toEqual([]);

    await userEvent.clear(success);
    await userEvent.type(success, '25');
    await userEvent.clear(fail);
    await userEvent.type(fail, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the coupon condition' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)).toEqual([
      [settingsPaths.couponRules, { value: { success: 25, fail: 5 }, reason: 'harder coupons' }],
    ]);
    expect(await within(form).findByText('Saved: the next claimed coupon starts this condition')).toBeTruthy();
  });
});
