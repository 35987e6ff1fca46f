import { spinWheelPaths, type TSpinWheelPage } from '@krapao/contracts/ops/spin-wheel';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { SpinWheelPage } from './spin-wheel-page';

const slice = (code: string, odds: number, prizeAmount = 0) => ({
  code,
  label: prizeAmount ? `${prizeAmount}฿` : 'ลองใหม่',
  bgColor: '#e0b84a',
  textColor: '#13131a',
  odds,
  prizeType: prizeAmount ? ('CREDIT' as const) : ('NONE' as const),
  prizeName: '',
  prizeAmount,
  htmlDescription: '',
});

const PAGE: TSpinWheelPage = {
  wheel: {
    id: 1,
    name: 'Krapao Wheel',
    coinPerBaht: 100,
    couponHours: 72,
    slices: [slice('B5', 4000, 5), slice('TRY', 6000)],
  },
  lastChange: null,
  couponRules: { success: 10, fail: 10 },
  couponRulesChange: null,
};

function server() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === spinWheelPaths.wheel && init?.method === 'PUT') return jsonResponse(200, PAGE);
    if (url === spinWheelPaths.wheel) return jsonResponse(200, PAGE);
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}
const puts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => vi.unstubAllGlobals());

describe('SpinWheelPage', () => {
  it('shows the slices with odds in percent and the wheel as members see it', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<SpinWheelPage />);
    expect(await screen.findAllByTestId('slice')).toHaveLength(2);
    expect((screen.getAllByLabelText('Odds (%)')[0] as HTMLInputElement).value).toBe('40');
    expect(screen.getAllByTestId('preview-slice')).toHaveLength(2);
    expect(screen.getByTestId('odds-total').textContent).toContain('100.00');
  });

  it('will not send odds that do not add up to 100 %', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SpinWheelPage />);
    const odds = (await screen.findAllByLabelText('Odds (%)'))[0]!;
    await userEvent.clear(odds);
    await userEvent.type(odds, '30');
    await userEvent.type(screen.getByLabelText('Reason'), 'new odds');
    await userEvent.click(screen.getByRole('button', { name: 'Save the wheel' }));
    expect(await screen.findByText('The odds of all slices must add up to exactly 100 %')).toBeTruthy();
    expect(screen.getByTestId('odds-total').textContent).toContain('90.00');
    expect(puts(fetchMock)).toEqual([]);
  });

  it('sends the whole wheel with odds in hundredths of a percent and the reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SpinWheelPage />);
    const odds = await screen.findAllByLabelText('Odds (%)');
    await userEvent.clear(odds[0]!);
    await userEvent.type(odds[0]!, '12.5');
    await userEvent.clear(odds[1]!);
    await userEvent.type(odds[1]!, '87.5');
    await userEvent.type(screen.getByLabelText('Reason'), 'smaller top prize odds');
    await userEvent.click(screen.getByRole('button', { name: 'Save the wheel' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [body] = puts(fetchMock);
    expect(body.reason).toBe('smaller top prize odds');
    expect(body.coinPerBaht).toBe(100);
    expect(body.slices.map((s: { code: string; odds: number }) => [s.code, s.odds])).toEqual([
      ['B5', 1250],
      ['TRY', 8750],
    ]);
    expect(await screen.findByText('Saved: members now spin this wheel')).toBeTruthy();
  });
});
