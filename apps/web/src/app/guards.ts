// Route guards of spec §2, as router loaders so they run before any screen renders.
import { redirect } from 'react-router';
import { TERMINATED_PATH } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { getLookup } from '../lib/lookup-api';
import { hasToken } from '../lib/storage';

export const LOGIN_PATH = '/login';

/** Protected routes: a stored token is enough; it is never decoded on the client. */
export function requireToken() {
  if (!hasToken()) throw redirect(LOGIN_PATH);
  return null;
}

/** On each arrival at /login, ask whether the site is still open. */
export async function checkSiteActive() {
  try {
    const active = await getLookup('active');
    if (active?.terminated === 'gone') return redirect(TERMINATED_PATH);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'gone') return redirect(TERMINATED_PATH);
    // Any other failure: let the member try to log in anyway.
  }
  return null;
}
