import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getToken, STORAGE_KEYS, setAgreementAccepted, setLastSync, setToken } from '../lib/storage';
import { mockFetch } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { routes } from './routes';

const OPEN_SITE = {
  'GET /api/lookup/active': { body: { terminated: null } },
  'GET /api/lookup/info': { body: { name: 'Demo Casino', website: 'https://demo.test' } },
};

const path = (view: ReturnType<typeof renderRoutes>) => view.router.state.location.pathname;

describe('guard', () => {
  it('sends a protected route without a token to /login, and nothing of the page is fetched', async () => {
    const api = mockFetch(OPEN_SITE);
    const view = renderRoutes(routes, '/user/statement');
    await screen.findByTestId('login-form');
    expect(path(view)).toBe('/login');
    expect(api.calls.some((c) => c.path.startsWith('/api/statement'))).toBe(false);
  });

  it('checks GET /api/lookup/active on arrival at /login', async () => {
    const api = mockFetch(OPEN_SITE);
    renderRoutes(routes, '/login');
    await screen.findByTestId('login-form');
    expect(api.callsTo('GET', '/api/lookup/active')).toHaveLength(1);
  });

  it('goes to /terminated when the site is gone', async () => {
    mockFetch({ 'GET /api/lookup/active': { body: { terminated: 'gone' } } });
    const view = renderRoutes(routes, '/login');
    await screen.findByTestId('terminated');
    expect(path(view)).toBe('/terminated');
  });

  it('only checks that a token exists: /user lands on /user/home', async () => {
    mockFetch(OPEN_SITE);
    setToken('any-opaque-value', false);
    const view = renderRoutes(routes, '/user');
    await screen.findByTestId('home-page');
    expect(path(view)).toBe('/user/home');
    expect(await screen.findByText('Demo Casino')).toBeTruthy();
  });

  it('/ goes to /user/home with a token', async () => {
    mockFetch(OPEN_SITE);
    setToken('t', true);
    const signedIn = renderRoutes(routes, '/');
    await screen.findByTestId('home-page');
    expect(path(signedIn)).toBe('/user/home');
  });

  it('/ without a token ends on /login', async () => {
    mockFetch(OPEN_SITE);
    const view = renderRoutes(routes, '/');
    await screen.findByTestId('login-form');
    expect(path(view)).toBe('/login');
  });

  it('mounting the public layout ends a remembered session', async () => {
    mockFetch(OPEN_SITE);
    setToken('t', true);
    renderRoutes(routes, '/howto');
    await screen.findByTestId('howto-page');
    await waitFor(() => expect(getToken()).toBeNull());
  });

  it('unknown paths show Page Not Found', async () => {
    mockFetch(OPEN_SITE);
    renderRoutes(routes, '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    // The title is set in an effect after the heading renders: wait for it.
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });

  it('/terminated renders without redirecting', async () => {
    mockFetch(OPEN_SITE);
    const view = renderRoutes(routes, '/terminated');
    await screen.findByTestId('terminated');
    expect(path(view)).toBe('/terminated');
  });
});

describe('/register?code=', () => {
  async function inviteFieldAt(path: string) {
    mockFetch({
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'GET /api/lookup/sources': { body: [] },
    });
    const view = renderRoutes(routes, path);
    fireEvent.input(await screen.findByTestId('register-phone'), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByTestId('register-next'));
    const field = (await screen.findByTestId('register-invite-code')) as HTMLInputElement;
    view.unmount();
    return field;
  }

  it('saves the inviter code and keeps the field filled and read-only on later visits', async () => {
    const first = await inviteFieldAt('/register?code=PR42');
    expect(localStorage.getItem(STORAGE_KEYS.inviterCode)).toBe('PR42');
    expect(first.value).toBe('PR42');
    expect(first.readOnly).toBe(true);
    const later = await inviteFieldAt('/register');
    expect(later.value).toBe('PR42');
    expect(later.readOnly).toBe(true);
  });

  it('leaves the field editable when no code was ever given', async () => {
    const field = await inviteFieldAt('/register');
    expect(field.readOnly).toBe(false);
  });
});

describe('logout', () => {
  it('clears token, agreement flag and last-sync time, revokes the session and goes to /login', async () => {
    const api = mockFetch({ ...OPEN_SITE, 'POST /api/logout': { body: { message: 'SUCCESS' } } });
    setToken('tok-1', true);
    setAgreementAccepted();
    setLastSync();
    const view = renderRoutes(routes, '/user/home');
    (await screen.findByRole('button', { name: 'Log out' })).click();
    await screen.findByTestId('login-form');
    expect(path(view)).toBe('/login');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBeNull();
    expect(api.callsTo('POST', '/api/logout')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });
});

describe('screens bring their own query client', () => {
  it('/user/profile works without an app-level provider', async () => {
    mockFetch({
      ...OPEN_SITE,
      'GET /api/account/profile': {
        body: {
          profile: { _id: 'u1', username: '0811111111', name: 'Malee', createdAt: '2024-02-01T00:00:00Z', coin: 0 },
          bankAccount: null,
        },
      },
    });
    setToken('t', false);
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/user/profile'] })} />);
    expect(await screen.findByText('Malee')).toBeTruthy();
    expect(await screen.findByText('Demo Casino')).toBeTruthy();
  });
});
