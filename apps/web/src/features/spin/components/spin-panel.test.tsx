import { WHEEL_MAX_SIZE_PX, WHEEL_RESIZE_DEBOUNCE_MS } from '@krapao/contracts/constants';
import type { TSpinResult } from '@krapao/contracts/spin';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { setup, stubCanvas } from '../testing';
import { SpinPanel } from './spin-panel';

const SETUP = 'GET /api/spinwheel/setup';
const SPIN = 'POST /api/spinwheel/spin';
/** Longer than any spin (SPIN_DURATION_MS.max) plus a frame. */
const AFTER_SPIN_MS = 5_100;

const result = (code: string, remainingCoin: number, coupon: string | null = null): { body: TSpinResult } => ({
  body: { success: true, result: code, label: `Prize ${code.slice(1)}`, remainingCoin, coupon },
});

function renderPanel(handlers: Record<string, MockHandler>) {
  const canvas = stubCanvas();
  const api = mockFetch(handlers);
  renderAt(<SpinPanel />, '/user/spin');
  return { api, canvas };
}

const button = () => screen.getByTestId('spin-button');
const coins = () => screen.getByTestId('spin-coins').textContent;
const turned = () => (screen.getByTestId('spin-canvas') as HTMLCanvasElement).style.transform;
const runSpin = () => act(() => vi.advanceTimersByTimeAsync(AFTER_SPIN_MS));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the wheel', () => {
  it("shows the wheel's name, paints 6 segments with their colours and labels, and the coins on the button", async () => {
    const { api, canvas } = renderPanel({ [SETUP]: { body: setup(4, 6, 'Lucky') } });
    expect((await screen.findByTestId('spin-wheel-name')).textContent).toBe('Lucky');
    expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(1);
    const six = setup(4).result?.slices ?? [];
    expect(canvas.segments().map((p) => p.style)).toEqual(six.map((s) => s.bgColor));
    expect(canvas.labels().map((p) => [p.text, p.style])).toEqual(six.map((s) => [s.label, s.textColor]));
    expect(coins()).toBe('4');
    expect(button().getAttribute('aria-label')).toBe('Spin the wheel. Coins left: 4');
  });

  it('sizes the wheel to 85 % of the window, at most 350 px, and redraws 500 ms after resizing stops', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(320);
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(2);
    const { canvas } = renderPanel({ [SETUP]: { body: setup(1) } });
    const element = (await screen.findByTestId('spin-canvas')) as HTMLCanvasElement;
    expect(element.style.width).toBe('272px');
    expect(element.width).toBe(544);
    canvas.reset();
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1200);
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(WHEEL_RESIZE_DEBOUNCE_MS - 100);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(WHEEL_RESIZE_DEBOUNCE_MS - 100);
    });
    expect(element.style.width).toBe('272px');
    expect(canvas.segments()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(150));
    expect(element.style.width).toBe(`${WHEEL_MAX_SIZE_PX}px`);
    expect(canvas.segments()).toHaveLength(6);
  });

  it('without an active wheel says so and shows no spin button', async () => {
    renderPanel({ [SETUP]: { body: { result: null, userCoin: 3 } } });
    expect((await screen.findByTestId('spin-unavailable')).textContent).toContain('not open right now');
    expect(screen.queryByTestId('spin-button')).toBeNull();
  });
});

describe('spinning', () => {
  it.each([
    [0, 'S3'],
    [0.5, 'S0'],
    [0.999, 'S5'],
  ])(
    'random %s: one POST with a key, the wheel turns and stops on the result slice %s, coins become remainingCoin',
    async (random, code) => {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const { api } = renderPanel({ [SETUP]: { body: setup(3) }, [SPIN]: result(code, 2) });
      await screen.findByTestId('spin-button');
      fireEvent.click(button());
      fireEvent.click(button());
      fireEvent.click(button());
      await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/spinwheel/spin')[0]?.headers.get('idempotency-key')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(turned()).toMatch(/^rotate\(\d/);
      expect(screen.getByTestId('spin-status').textContent).toBe('Spinning…');
      fireEvent.click(button());
      await runSpin();
      expect(screen.getByTestId('spin-status').textContent).toBe(`The wheel stopped on Prize ${code.slice(1)}`);
      expect(screen.getByTestId('spin-canvas').closest<HTMLElement>('[data-landed]')?.dataset.landed).toBe(code);
      expect(coins()).toBe('2');
      expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1);
      // A losing spin opens no prize modal.
      expect(screen.queryByTestId('prize-modal')).toBeNull();
    },
  );

  it('a second spin after the first one stopped is sent', async () => {
    const { api } = renderPanel({ [SETUP]: { body: setup(3) }, [SPIN]: result('S1', 2) });
    await screen.findByTestId('spin-button');
    fireEvent.click(button());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1));
    await runSpin();
    fireEvent.click(button());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(2));
    const [first, second] = api.callsTo('POST', '/api/spinwheel/spin');
    expect(first?.headers.get('idempotency-key')).not.toBe(second?.headers.get('idempotency-key'));
  });

  it.each([0, -1])('with %s coins a click sends nothing', async (userCoin) => {
    const { api } = renderPanel({ [SETUP]: { body: setup(userCoin) }, [SPIN]: result('S1', 0) });
    await screen.findByTestId('spin-button');
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(0);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('spin-no-coins').textContent).toBe('You have no coins left to spin.');
  });

  it('a winning spin opens the prize modal only after the wheel stops; closing it reloads the setup', async () => {
    const { api } = renderPanel({ [SETUP]: { body: setup(3) }, [SPIN]: result('S2', 2, 'coupon-1') });
    await screen.findByTestId('spin-button');
    fireEvent.click(button());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByTestId('prize-modal')).toBeNull();
    await runSpin();
    const modal = screen.getByTestId('prize-modal');
    expect(within(modal).getByTestId('prize-label').textContent).toBe('Prize 2');
    expect(within(modal).getByText('prize 2').tagName).toBe('B');
    expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(1);
    fireEvent.click(within(modal).getByTestId('prize-close'));
    expect(screen.queryByTestId('prize-modal')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(2));
  });

  it('a setup reload still on its way when the next spin answers does not bring the spent coin back', async () => {
    let setups = 0;
    let spins = 0;
    const { api } = renderPanel({
      // The reload after the prize reads the coins before the second spin spends one.
      [SETUP]: () => ({ body: setup(++setups === 1 ? 2 : 1) }),
      [SPIN]: () => (++spins === 1 ? result('S2', 1, 'coupon-1') : result('S1', 0)),
    });
    const answered = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answered(input, init);
      if (String(input).includes('/api/spinwheel/setup') && setups >= 2) await held;
      return response;
    });
    await screen.findByTestId('spin-button');
    expect(coins()).toBe('2');
    fireEvent.click(button());
    await runSpin();
    fireEvent.click(within(screen.getByTestId('prize-modal')).getByTestId('prize-close'));
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(2));

    fireEvent.click(button());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(100));
    release();
    await runSpin();
    expect(coins()).toBe('0');
  });

  it('a failed spin shows the error dialog with the generic title and the spin text, and reloads the coins', async () => {
    const { api } = renderPanel({
      [SETUP]: { body: setup(3) },
      [SPIN]: { status: 409, body: { message: 'BONUS_REMAINING' } },
    });
    await screen.findByTestId('spin-button');
    fireEvent.click(button());
    const dialog = await screen.findByTestId('error-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Error');
    // A refused spin speaks of spinning, not of claiming a coupon.
    expect(within(dialog).getByTestId('spin-error').textContent).toBe(
      'You still have an unfinished bonus. Complete its conditions before spinning the wheel.',
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(2));
    expect(turned()).toBe('');
  });
});
