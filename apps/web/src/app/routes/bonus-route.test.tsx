import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/storage';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { routes } from '../routes';

describe('/user/bonus', () => {
  it('the routed page has its title, the code field, the cards and the rules', async () => {
    const api = mockFetch({
      'GET /api/bonus/check/active': { body: { status: false, type: null, progress: null } },
      'GET /api/bonus': { body: [] },
    });
    setToken('t', true);
    renderRoutes(routes, '/user/bonus');
    const page = await screen.findByTestId('bonus-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeTruthy();
    expect(page.textContent).not.toContain('coming soon');
    expect(await screen.findByTestId('promotion-code')).toBeTruthy();
    expect(screen.getByTestId('bonus-grid')).toBeTruthy();
    expect(api.callsTo('GET', '/api/bonus')).toHaveLength(1);
  });

  it('the page states that a refund waits for the bonus to end and a bonus must end before the next deposit', async () => {
    mockFetch({});
    setToken('t', true);
    renderRoutes(routes, '/user/bonus');
    const rules = await screen.findByTestId('bonus-rules');
    expect(rules.textContent).toContain('A bonus must be ended before your next deposit.');
    expect(rules.textContent).toContain('A refund (cashback) cannot be claimed while a bonus condition is active.');
  });
});
