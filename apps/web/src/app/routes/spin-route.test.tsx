import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setup, stubCanvas } from '../../features/spin/testing';
import { setToken } from '../../lib/storage';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { routes } from '../routes';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/user/spin', () => {
  it('signed in, renders the spin wheel, its name and the coupons', async () => {
    stubCanvas();
    const api = mockFetch({
      'GET /api/spinwheel/setup': { body: setup(5, 6, 'Lucky') },
      'GET /api/spinwheel/coupon': { body: [] },
    });
    setToken('t', true);
    const view = renderRoutes(routes, '/user/spin');
    expect((await screen.findByTestId('spin-wheel-name')).textContent).toBe('Lucky');
    expect(view.router.state.location.pathname).toBe('/user/spin');
    expect(screen.getByTestId('spin-page')).toBeTruthy();
    expect(screen.getByTestId('spin-canvas').tagName).toBe('CANVAS');
    expect(screen.getByTestId('spin-coins').textContent).toBe('5');
    expect(await screen.findByTestId('coupon-empty')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Spin wheel'));
    expect(api.callsTo('GET', '/api/spinwheel/coupon')).toHaveLength(1);
  });
});
