// Helpers the games tests share: GET with a member's token, and activating a game account.
import type { TActivateResponse } from '@krapao/contracts/wallet';
import { headers, type TestApp } from '../../test/test-app.ts';

export function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: headers(token) });
}

/** Opens the member's account at a game through the API; throws when it is refused. */
export async function activate(t: TestApp, token: string, code: string): Promise<TActivateResponse> {
  const res = await get(t, `/api/wallet/activate/${code}`, token);
  if (res.statusCode !== 200) throw new Error(`activation of ${code} failed: ${res.body}`);
  return res.json();
}

/** The path and query of a URL the server handed out (the test app answers any host). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}
