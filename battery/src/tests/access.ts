// 6. Access control: member A calls every member-scoped API with member B's ids, references, game
// usernames and idempotency keys; chat rooms and uploads likewise (access-chat.ts); the operator
// calls without the operator token; and the dev routes on a production server. Each must be
// refused — an error answer that carries none of B's data, with B's state untouched.
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { activate, fund, HOUSE_SLIP_ACCOUNT, type Member, ownSlip, register } from '../members.ts';
import { chatChecks } from './access-chat.ts';
import { couponOf } from './races-promotions.ts';

export type Check = { what: string; refused: boolean; detail?: string };

/** A refusal: a 4xx answer in which none of the other member's secrets appear. */
export function refusal(what: string, res: Res, secrets: (string | number)[] = []): Check {
  const leaked = secrets.map(String).filter((s) => s.length > 0 && res.text.includes(s));
  const refused = res.status >= 400 && res.status < 500 && leaked.length === 0;
  return {
    what,
    refused,
    detail: refused ? undefined : `HTTP ${res.status} ${res.text.slice(0, 80)}${leaked.length ? ' (leaks B)' : ''}`,
  };
}

async function slipOf(ctx: TestContext, m: Member): Promise<string> {
  const res = await (await ownSlip(ctx.api, m, 20)).upload();
  if (res.status !== 200) throw new Error(`slip upload: ${res.text}`);
  return res.body.reference as string;
}

async function memberChecks(ctx: TestContext, a: Member, b: Member): Promise<Check[]> {
  const api = ctx.api;
  const as = { token: a.token };
  await fund(api, b, 300);
  const qr = (await api.post('/api/qrcode/WW', { amount: 100 }, { token: b.token })).body.qrcodeId as string;
  const bRef = await slipOf(ctx, b);
  const aRef = await slipOf(ctx, a);
  const pg = await activate(api, b, 'PG');
  const bKey = newKey('b-withdraw');
  const bWithdraw = await api.post('/api/wallet/withdrawAll', { amount: 100 }, { token: b.token, key: bKey });
  const bWithdrawId = String(bWithdraw.body.withdrawId);
  const bSecrets = [qr, bRef, pg.username, pg.password, b.username, bWithdrawId];
  const checks: Check[] = [];

  checks.push(refusal('DELETE another member’s QR', await api.del(`/api/qrcode/${qr}`, as), bSecrets));
  const stillOpen = await api.get('/api/qrcode/WW', { token: b.token });
  checks.push({ what: 'the QR is still open for its member', refused: stillOpen.body?.qrcodeId === qr });

  checks.push(
    refusal('slip reference of another member', await api.get(`/api/statement/slip/reference/${bRef}`, as), bSecrets),
  );
  const own = (await api.get(`/api/statement/slip/reference/${aRef}`, as)).body?.url as string;
  const query = own.split('?')[1] ?? '';
  const image = (ref: string, q: string) => api.get(`/api/statement/slip/image/${ref}?${q}`);
  checks.push(refusal('slip image: own signature on another reference', await image(bRef, query)));
  checks.push(refusal('slip image: no signature', await image(bRef, '')));
  const exp = Number(new URLSearchParams(query).get('exp')) + 60;
  checks.push(refusal('slip image: expiry pushed on', await image(aRef, query.replace(/exp=\d+/, `exp=${exp}`))));

  for (const path of [
    `/api/autoLogin/pg/${encodeURIComponent(pg.username)}`,
    '/api/wallet/account/PG',
    '/api/wallet/resetpassword/PG',
  ]) {
    checks.push(refusal(`GET ${path.replace(pg.username, '{B}')}`, await api.get(path, as), bSecrets));
  }
  checks.push(
    refusal(
      'transfer out of another member’s game',
      await api.post('/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 1 }, { ...as, key: newKey() }),
      bSecrets,
    ),
  );
  checks.push(
    refusal(
      'another member’s Idempotency-Key replayed',
      await api.post('/api/wallet/withdrawAll', { amount: 100 }, { ...as, key: bKey }),
      bSecrets,
    ),
  );
  checks.push(
    refusal(
      'statement with another member id',
      await api.post('/api/statement', { page: 1, limit: 10, memberId: b.id }, as),
      bSecrets,
    ),
  );
  checks.push(
    refusal(
      'profile with another member’s bank account',
      await api.put('/api/account/profile', { name: 'A', bankCode: b.bankCode, bankAccountNo: b.bankAccountNo }, as),
      bSecrets,
    ),
  );
  const coupon = await couponOf(ctx, b);
  const claim = await api.post('/api/spinwheel/coupon/claim', { coupon }, as);
  checks.push(refusal('claim another member’s coupon', claim, [coupon, ...bSecrets]));
  const coupons = await api.get('/api/spinwheel/coupon', { token: b.token });
  checks.push({ what: 'the coupon is still its member’s to claim', refused: coupons.text.includes(coupon) });
  return checks;
}

async function operatorChecks(ctx: TestContext, a: Member): Promise<Check[]> {
  const calls: [string, string, unknown][] = [
    ['GET', '/api/chat/agent/conversations', undefined],
    ['POST', '/api/chat/agent/history', { userId: String(a.id), limit: 10, skip: 0 }],
    [
      'POST',
      '/api/chat/agent/reply',
      { userId: String(a.id), message: { message_type: 'text', payload: { text: 'hi' } } },
    ],
    ['POST', '/api/chat/agent/close', { userId: String(a.id) }],
  ];
  const auths: [string, string | undefined][] = [
    ['no token', undefined],
    ['a member token', a.token],
    ['a wrong operator token', 'krapao-dev-operator-tokeN'],
  ];
  const checks: Check[] = [];
  for (const [method, path, json] of calls) {
    for (const [who, token] of auths) {
      const res = await ctx.api.call(method, path, { token, json });
      checks.push(refusal(`${method} ${path} with ${who}`, res, [a.username]));
    }
  }
  return checks;
}

/** The same database served in production mode: the dev routes (approve, faults, fake bank) are not there. */
async function productionChecks(ctx: TestContext): Promise<Check[]> {
  await ctx.product.stop();
  await ctx.product.start({
    NODE_ENV: 'production',
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    TRUST_PROXY: 'none',
    ALLOW_DEFAULT_SECRET_IN_PRODUCTION: 'true',
  });
  const calls: [string, string, unknown][] = [
    ['GET', '/dev/withdrawals', undefined],
    ['POST', '/dev/withdrawals/1/approve', undefined],
    ['PUT', '/dev/provider-faults', {}],
    [
      'POST',
      '/dev/bank/transfer',
      { fromBankCode: 'SCB', fromAccountNo: '1234567890', toAccountNo: HOUSE_SLIP_ACCOUNT, amount: 1 },
    ],
    ['PUT', '/dev/settings', { active: false }],
  ];
  const checks: Check[] = [];
  for (const [method, path, json] of calls) {
    checks.push(refusal(`${method} ${path} in production`, await ctx.api.call(method, path, { json })));
  }
  return checks;
}

function report(ctx: TestContext, id: string, name: string, checks: Check[], goal = '100 %') {
  const refused = checks.filter((c) => c.refused).length;
  const failed = checks.filter((c) => !c.refused).map((c) => `${c.what}: ${c.detail ?? 'allowed'}`);
  const pct = checks.length ? ((100 * refused) / checks.length).toFixed(0) : '0';
  ctx.emit(
    line(
      id,
      name,
      checks.length > 0 && failed.length === 0,
      `${refused}/${checks.length} refused (${pct} %)${failed.length ? ` — ${failed.slice(0, 3).join('; ')}` : ''}`,
      goal,
    ),
  );
}

export const accessControlTest: BatteryTest = {
  no: 6,
  title: 'access control',
  env: () => ({ SLIP_MAX_PER_MINUTE: '1000' }),
  async run(ctx) {
    const [a, b] = [await register(ctx.api), await register(ctx.api)];
    report(ctx, '6.1', 'access: member calls with B’s ids/keys', await memberChecks(ctx, a, b));
    report(ctx, '6.2', 'access: chat rooms and uploads', await chatChecks(ctx, a, b));
    report(ctx, '6.3', 'access: operator calls without its token', await operatorChecks(ctx, a));
    report(ctx, '6.4', 'access: dev routes in production', await productionChecks(ctx));
  },
};
