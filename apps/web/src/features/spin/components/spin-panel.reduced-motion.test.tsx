import type { TSpinResult } from '@krapao/contracts/spin';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { setup, stubCanvas } from '../testing';
import { SpinPanel } from './spin-panel';

const spinResult: { body: TSpinResult } = {
  body: { success: true, result: 'S2', label: 'Prize 2', remainingCoin: 1, coupon: null },
};

/** matchMedia answering `reduce` for prefers-reduced-motion. */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

it.each([
  [true, 0],
  [false, 1],
])('reduce motion %s: the wheel stands on the result at once (frames drawn: %s or more)', async (reduce, frames) => {
  stubReducedMotion(reduce);
  const frame = vi.spyOn(window, 'requestAnimationFrame');
  stubCanvas();
  const api = mockFetch({ 'GET /api/spinwheel/setup': { body: setup(2) }, 'POST /api/spinwheel/spin': spinResult });
  renderAt(<SpinPanel />, '/user/spin');
  fireEvent.click(await screen.findByTestId('spin-button'));
  await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1));
  // One tick after the answer: far less than the shortest spin.
  await act(() => vi.advanceTimersByTimeAsync(50));
  const status = screen.getByTestId('spin-status').textContent;
  if (reduce) {
    expect(status).toBe('The wheel stopped on Prize 2');
    expect(screen.getByTestId('spin-canvas').closest<HTMLElement>('[data-landed]')?.dataset.landed).toBe('S2');
    expect((screen.getByTestId('spin-canvas') as HTMLCanvasElement).style.transform).toMatch(/^rotate\(\d/);
    expect(frame).toHaveBeenCalledTimes(frames);
  } else {
    expect(status).toBe('Spinning…');
    expect(frame.mock.calls.length).toBeGreaterThanOrEqual(frames);
  }
});
