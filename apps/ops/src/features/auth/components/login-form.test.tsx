import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER, opsPaths } from '@krapao/contracts/ops/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith, setCookie } from '../../../test/render';
import { LoginForm } from './login-form';

describe('the sign-in form', () => {
  it('shows a refused sign-in in the staff member’s language, sending the cookie-bound CSRF token', async () => {
    setCookie(OPS_CSRF_COOKIE, 'token-1');
    const fetchMock = vi.fn(async () => jsonResponse(401, { message: 'OPS_LOGIN_FAIL' }));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    renderWith(<LoginForm onSignedIn={onSignedIn} />, '/login');

    await userEvent.type(screen.getByLabelText('Username'), 'Alice');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong username, password or code');
    expect(onSignedIn).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(opsPaths.login);
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get(OPS_CSRF_HEADER)).toBe('token-1');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'alice', password: 'a long password', code: '123456' });
  });

  it('asks for the 6-digit code before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<LoginForm onSignedIn={() => {}} />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Enter the 6-digit code')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
