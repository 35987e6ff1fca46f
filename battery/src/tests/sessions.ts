// 9. Sessions: a token is refused on the very next request after logout and after a password
// change — on every kind of call (reads, money, chat, a new socket) — while the other device's
// session survives a logout, and only the fresh token survives a password change.
import { io } from 'socket.io-client';
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { login, type Member, register } from '../members.ts';

const CYCLES = 20;
const PASSWORD_CYCLES = 5;

/** One call of each kind with `token`; answers how many were refused with 401. */
async function nextRequests(
  ctx: TestContext,
  token: string,
): Promise<{ refused: number; total: number; odd: string[] }> {
  const calls: Promise<Res>[] = [
    ctx.api.get('/api/wallet', { token }),
    ctx.api.post('/api/statement', { page: 1, limit: 10 }, { token }),
    ctx.api.post('/api/wallet/withdrawAll', { amount: 100 }, { token, key: newKey('sess') }),
    ctx.api.post('/api/chat/history', { limit: 10, skip: 0 }, { token }),
  ];
  const answers = await Promise.all(calls);
  const socket = await new Promise<boolean>((resolve) => {
    const s = io(ctx.product.url, { auth: { token }, transports: ['websocket'], reconnection: false, timeout: 5000 });
    s.once('connect', () => {
      s.close();
      resolve(false);
    });
    s.once('connect_error', () => {
      s.close();
      resolve(true);
    });
  });
  const odd = answers.filter((r) => r.status !== 401).map((r) => `HTTP ${r.status} ${r.text.slice(0, 60)}`);
  if (!socket) odd.push('socket.io connected');
  return { refused: answers.length - odd.length + (socket ? 1 : 0), total: answers.length + 1, odd };
}

async function logoutCycles(ctx: TestContext, m: Member) {
  let refused = 0;
  let total = 0;
  let kept = 0;
  const odd: string[] = [];
  for (let i = 0; i < CYCLES; i++) {
    const [t1, t2] = [await login(ctx.api, m.username, m.password), await login(ctx.api, m.username, m.password)];
    const before = await ctx.api.get('/api/wallet', { token: t1 });
    if (before.status !== 200) throw new Error(`fresh token refused: ${before.text}`);
    const out = await ctx.api.post('/api/logout', undefined, { token: t1 });
    if (out.status !== 200) throw new Error(`logout: ${out.text}`);
    const next = await nextRequests(ctx, t1);
    refused += next.refused;
    total += next.total;
    odd.push(...next.odd);
    if ((await ctx.api.get('/api/wallet', { token: t2 })).status === 200) kept += 1;
    await ctx.api.post('/api/logout', undefined, { token: t2 });
  }
  ctx.emit(
    line(
      '9.1',
      'sessions: token after logout',
      refused === total && kept === CYCLES,
      `${refused}/${total} next requests refused over ${CYCLES} logouts (reads, money, chat, socket); the other device kept its session ${kept}/${CYCLES}${odd.length ? ` — ${odd.slice(0, 2).join('; ')}` : ''}`,
      'all refused; other device kept',
    ),
  );
}

async function passwordCycles(ctx: TestContext, m: Member) {
  let refused = 0;
  let total = 0;
  let freshWorks = 0;
  let oldPasswordRefused = 0;
  const odd: string[] = [];
  let password = m.password;
  for (let i = 0; i < PASSWORD_CYCLES; i++) {
    const [t1, t2] = [await login(ctx.api, m.username, password), await login(ctx.api, m.username, password)];
    const next = `changed-${i}-${Date.now()}`;
    const res = await ctx.api.put(
      '/api/account/changepwd',
      { oldPassword: password, newPassword: next },
      { token: t1 },
    );
    if (res.status !== 200) throw new Error(`change password: ${res.text}`);
    for (const token of [t1, t2]) {
      const r = await nextRequests(ctx, token);
      refused += r.refused;
      total += r.total;
      odd.push(...r.odd);
    }
    if ((await ctx.api.get('/api/wallet', { token: res.body.token })).status === 200) freshWorks += 1;
    const old = await ctx.api.post('/api/login', { username: m.username, password });
    if (old.status !== 200) oldPasswordRefused += 1;
    password = next;
  }
  ctx.emit(
    line(
      '9.2',
      'sessions: tokens after a password change',
      refused === total && freshWorks === PASSWORD_CYCLES && oldPasswordRefused === PASSWORD_CYCLES,
      `${refused}/${total} next requests refused over ${PASSWORD_CYCLES} changes (both devices); the new token works ${freshWorks}/${PASSWORD_CYCLES}; the old password refused ${oldPasswordRefused}/${PASSWORD_CYCLES}${odd.length ? ` — ${odd.slice(0, 2).join('; ')}` : ''}`,
      'all refused; only the new token',
    ),
  );
}

export const sessionsTest: BatteryTest = {
  no: 9,
  title: 'sessions',
  env: () => ({ LOGIN_MAX_ATTEMPTS: '1000' }),
  async run(ctx) {
    await logoutCycles(ctx, await register(ctx.api));
    await passwordCycles(ctx, await register(ctx.api));
  },
};
