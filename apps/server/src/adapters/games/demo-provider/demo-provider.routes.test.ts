import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderBets } from '../../../db/schema/demo-provider.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { SandboxGameProvider } from '../sandbox/sandbox-provider.ts';

let t: TestApp;
let sandbox: SandboxGameProvider;
let clock = Date.parse('2026-05-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ PORT: '3999' }, { now: () => new Date(clock) });
  sandbox = t.ctx.gameProviders.sandbox!;
});
afterAll(() => t.close());

let memberId = 900_000;
async function player(gameCode: string, funds = 0n) {
  const p = await sandbox.createPlayer({ gameCode, memberId: ++memberId, currency: 'BAHT' });
  if (funds) await sandbox.deposit({ gameCode, username: p.username, amount: funds, transferId: randomUUID() });
  return p;
}

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** The play session a sign-in redirected to (it travels in the URL fragment). */
function sessionOf(res: { statusCode: number; headers: Record<string, unknown> }): string {
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/demo-provider\/play#[\w-]{20,}$/);
  return location.split('#')[1]!;
}

const api = (session: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/demo-provider/api/${url}`, payload, headers: { 'x-demo-session': session } });

describe('JOKER / SLOTXO sign-in (form POST)', () => {
  it('shows a sign-in form, signs in with the right password and opens the game page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo-provider/signin/JOKER' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/demo-provider/signin/JOKER"');

    const p = await player('JOKER');
    const session = sessionOf(
      await form('/demo-provider/signin/JOKER', { username: p.username, password: p.password }),
    );
    const game = await t.app.inject({ method: 'GET', url: '/demo-provider/play' });
    expect(game.statusCode).toBe(200);
    expect(game.body).toContain('<script src="/demo-provider/assets/game.js" defer></script>');
    expect(game.body).not.toMatch(/<script>|<script [^s]/);
    const csp = String(game.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect((await api(session, 'GET', 'session')).json()).toMatchObject({
      game: 'JOKER',
      username: p.username,
      balance: 0,
      currency: 'BAHT',
    });
  });

  it('shows an error page for a wrong password, another game or missing fields', async () => {
    const p = await player('SLOTXO');
    for (const [url, fields] of [
      ['/demo-provider/signin/SLOTXO', { username: p.username, password: `${p.password}x` }],
      ['/demo-provider/signin/JOKER', { username: p.username, password: p.password }],
      ['/demo-provider/signin/SLOTXO', { username: p.username }],
    ] as const) {
      const res = await form(url, fields);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Wrong username or password');
    }
    const empty = await t.app.inject({ method: 'POST', url: '/demo-provider/signin/SLOTXO' });
    expect(empty.statusCode).toBe(401);
  });
});

describe('UFABET login (form POST of hidden state)', () => {
  it('signs in when the issued hidden fields come back with the password', async () => {
    const p = await player('UFABET');
    sessionOf(await form('/demo-provider/ufabet/login', { ...p.event, txtPassword: p.password }));
  });

  it('refuses missing or altered hidden fields', async () => {
    const p = await player('UFABET');
    const { __VIEWSTATE: _dropped, ...withoutViewState } = p.event!;
    const missing = await form('/demo-provider/ufabet/login', { ...withoutViewState, txtPassword: p.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('form state');
    const altered = await form('/demo-provider/ufabet/login', {
      ...p.event,
      __EVENTVALIDATION: 'forged',
      txtPassword: p.password,
    });
    expect(altered.statusCode).toBe(400);
    const other = await player('UFABET');
    const swapped = await form('/demo-provider/ufabet/login', {
      ...other.event,
      txtUserName: p.username,
      txtPassword: p.password,
    });
    expect(swapped.statusCode).toBe(400);
    const wrong = await form('/demo-provider/ufabet/login', { ...p.event, txtPassword: 'nope' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('SUPERSLOT (credentials in the query) and the SEXYGAME lobby', () => {
  it('redirects to the game for the right credentials, errors otherwise', async () => {
    const p = await player('SUPERSLOT');
    const q = (user: string, pass: string) =>
      `/demo-provider/superslot/login?${new URLSearchParams({ username: user, password: pass })}`;
    sessionOf(await t.app.inject({ method: 'GET', url: q(p.username, p.password) }));
    expect((await t.app.inject({ method: 'GET', url: q(p.username, 'bad') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/demo-provider/superslot/login' })).statusCode).toBe(401);
  });

  it('shows a lobby with a login form that opens the game', async () => {
    const lobby = await t.app.inject({ method: 'GET', url: '/demo-provider/lobby/SEXYGAME' });
    expect(lobby.statusCode).toBe(200);
    expect(lobby.body).toContain('method="post" action="/demo-provider/lobby/SEXYGAME"');
    const p = await player('SEXYGAME');
    sessionOf(await form('/demo-provider/lobby/SEXYGAME', { username: p.username, password: p.password }));
    expect((await form('/demo-provider/lobby/SEXYGAME', { username: p.username, password: 'x' })).statusCode).toBe(401);
  });
});

describe('auto-login links', () => {
  it('work once', async () => {
    const p = await player('PG');
    const link = await sandbox.launchLink({ gameCode: 'PG', username: p.username });
    expect(link).toMatch(/^http:\/\/localhost:3999\/demo-provider\/launch\//);
    const path = new URL(link).pathname;
    sessionOf(await t.app.inject({ method: 'GET', url: path }));
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('expired or was already used');
  });

  it('expire after five minutes', async () => {
    const p = await player('HUAYHD');
    const path = new URL(await sandbox.launchLink({ gameCode: 'HUAYHD', username: p.username })).pathname;
    clock += 5 * 60_000 + 1;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'GET', url: '/demo-provider/launch/not-a-real-token-at-all' })).statusCode,
    ).toBe(410);
  });
});

describe('the game page API', () => {
  it('takes a bet and changes the balance in the provider books', async () => {
    const p = await player('JOKER', 10_000n);
    const session = sessionOf(
      await form('/demo-provider/signin/JOKER', { username: p.username, password: p.password }),
    );
    const res = await api(session, 'POST', 'spin', { amount: 10 });
    expect(res.statusCode).toBe(200);
    const spin = res.json();
    expect(spin.reels).toHaveLength(3);
    expect(spin.balance).toBe(100 - 10 + spin.payout);
    expect(spin.payout).toBe(10 * spin.multiplier);
    expect(await sandbox.balance({ gameCode: 'JOKER', username: p.username })).toBe(
      BigInt(Math.round(spin.balance * 100)),
    );
    const [playerRow] = await t.db.select().from(demoProviderBets).where(eq(demoProviderBets.amount, 1000n)).limit(1);
    expect(playerRow).toBeDefined();
  });

  it('refuses a bet above the balance, an amount off the buttons, and no session', async () => {
    const p = await player('JOKER', 500n);
    const session = sessionOf(
      await form('/demo-provider/signin/JOKER', { username: p.username, password: p.password }),
    );
    const tooMuch = await api(session, 'POST', 'spin', { amount: 10 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await api(session, 'POST', 'spin', { amount: 3 })).json()).toEqual({ message: 'KEY_INVALID' });
    expect(await sandbox.balance({ gameCode: 'JOKER', username: p.username })).toBe(500n);
    expect((await api('no-such-session-token-here', 'GET', 'session')).statusCode).toBe(401);
    expect((await api('no-such-session-token-here', 'POST', 'spin', { amount: 1 })).statusCode).toBe(401);
  });

  it('ends a play session after twelve hours', async () => {
    const p = await player('JOKER');
    const session = sessionOf(
      await form('/demo-provider/signin/JOKER', { username: p.username, password: p.password }),
    );
    clock += 12 * 60 * 60_000 + 1;
    expect((await api(session, 'GET', 'session')).statusCode).toBe(401);
  });
});

describe('the demo provider site', () => {
  it('serves its script and stylesheet, and its own 404 page', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/demo-provider/assets/game.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    const css = await t.app.inject({ method: 'GET', url: '/demo-provider/assets/demo.css' });
    expect(css.headers['content-type']).toContain('text/css');
    const missing = await t.app.inject({ method: 'GET', url: '/demo-provider/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
  });

  it('lets the SPA post launch forms to the provider origin (CSP form-action)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/info' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/form-action 'self'[^;]* http:\/\/localhost:3999/);
  });

  it('keeps its pages out of the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths.some((p) => p.startsWith('/demo-provider'))).toBe(false);
    expect(paths).toContain('/api/wallet/activate/{slotCode}');
    expect(paths).toContain('/api/autoLogin/pgslot/{username}/{password}');
  });
});
