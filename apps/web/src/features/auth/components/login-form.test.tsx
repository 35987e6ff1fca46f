import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { LoginForm } from './login-form';

const LOGIN_OK = { 'POST /api/login': { body: { token: 'tok-9' } } };

describe('login form', () => {
  it('makes no call while a field is empty', async () => {
    const api = mockFetch(LOGIN_OK);
    renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-username'), '0812345678');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('focuses the first empty field, and clears its message once it is filled', async () => {
    mockFetch(LOGIN_OK);
    renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-password'), 'secret1');
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByTestId('login-username'));
    await user.type(screen.getByTestId('login-username'), '  ');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    await user.type(screen.getByTestId('login-username'), '08');
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('sends exactly {username, password}, keeps the token for the session and goes to /user', async () => {
    const api = mockFetch(LOGIN_OK);
    const view = renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user'));
    expect(api.calls[0]?.body).toEqual({ username: '0812345678', password: 'secret1' });
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok-9');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('remember me keeps the token in localStorage', async () => {
    mockFetch(LOGIN_OK);
    const view = renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-username'), '0812345678');
    await user.type(screen.getByTestId('login-password'), 'secret1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-9');
  });

  it('shows a failed login as a toast and stays', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { message: 'foo bar' } } });
    const view = renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-username'), '0812345678');
    await user.type(screen.getByTestId('login-password'), 'bad');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('toast-danger')).textContent).toBe('foo bar');
    expect(view.router.state.location.pathname).toBe('/login');
  });
});
