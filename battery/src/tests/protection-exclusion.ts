// 21.2 A self-excluded member (one year) on every route that puts money in — refused
// PROTECTION_EXCLUDED, nothing changed — and on every route that takes money out — allowed. Each
// money-in route is armed first (money in the wallet and in two games, a coupon, coins, an invite
// share, yesterday's cashback), so only the exclusion stands in the way. Sessions from before the
// exclusion are signed out; a fresh sign-in works. Undoing it: a shorter exclusion, and the
// console's end by support and finance (no permission) and by an admin before the minimum term.
import { TRUELINK_PASSPHRASE } from '@krapao/contracts/deposit';
import { opsProtectionPaths } from '@krapao/contracts/ops/protection';
import { protectionPaths } from '@krapao/contracts/protection';
import CryptoJS from 'crypto-js';
import { eventually, line, type TestContext } from '../harness.ts';
import { type Client, newKey, type Res } from '../http.ts';
import { activate, balances, fund, login, type Member, register } from '../members.ts';
import { createOwner, createStaff, type Staff, staffHeaders } from '../staff.ts';
import { playSession } from './abuse-money.ts';
import { couponOf, giveCoins } from './races-promotions.ts';

export const code = (r: Res) => (r.status === 200 ? 'OK' : `${r.status} ${r.body?.message ?? r.error ?? ''}`);

/** Tally of answers by code, e.g. "OK 1, 409 PROTECTION_DEPOSIT_LIMIT 19". */
export function tally(answers: Res[]): string {
  const n = new Map<string, number>();
  for (const r of answers) n.set(code(r), (n.get(code(r)) ?? 0) + 1);
  return [...n.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
}

/** The gift link as the member app sends it (AES with the fixed passphrase, decision 041). */
export const encryptLink = (link: string) => CryptoJS.AES.encrypt(link, TRUELINK_PASSPHRASE).toString();

export async function voucher(api: Client, amount: number): Promise<{ link: string; voucher: string }> {
  const res = await api.post('/dev/truemoney/voucher', { amount });
  if (res.status !== 200) throw new Error(`voucher: ${res.text}`);
  return res.body;
}

export const sendLink = (api: Client, m: Member, link: string) =>
  api.post('/api/wallet/truelink', { link: encryptLink(link) }, { token: m.token, key: newKey('tl') });

const excludedAnswer = (r: Res) => r.status === 403 && r.body?.message === 'PROTECTION_EXCLUDED';

/** A share of an invitee's play waits for the referrer (as test 1's invite race arms it). */
async function inviteShare(ctx: TestContext, referrer: Member) {
  const invitee = await register(ctx.api, { inviteCode: `PR${referrer.id}` });
  await fund(ctx.api, invitee, 500);
  const session = await playSession(ctx, invitee);
  await ctx.api.post('/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 100 }, { token: invitee.token });
  await ctx.api.post('/demo-provider/api/spin', { amount: 100 }, { headers: { 'x-demo-session': session } });
  return eventually(
    async () => {
      await ctx.api.get('/api/wallet/withdraw/review', { token: invitee.token });
      return ((await ctx.api.get('/api/wallet', { token: referrer.token })).body?.invite?.amount ?? 0) > 0;
    },
    15_000,
    300,
  );
}

/** Yesterday the member lost 60 at JOKER: cashback for the last closed period waits. */
async function lostYesterday(ctx: TestContext, m: Member, username: string) {
  await ctx.api.post('/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 300 }, { token: m.token });
  await ctx.sql(
    `update demo_provider_players set balance = balance - 6000 where game_code = 'JOKER' and username = $1`,
    [username],
  );
  await ctx.api.get('/api/wallet/refresh/slot', { token: m.token });
  await ctx.sql(
    `update ledger_transactions set created_at = created_at - interval '1 day' where member_id = $1 and type = 'GAME_RESULT'`,
    [m.id],
  );
}

/** What money-in must not change: balances, ledger rows, coins, QRs, coupons, holdings. */
async function snapshot(ctx: TestContext, m: Member) {
  const b = await balances(ctx.api, m);
  const [row] = await ctx.sql(
    `select (select count(*) from ledger_transactions where member_id = $1)::int as ledger,
       (select coin from members where id = $1) as coin,
       (select count(*) from qr_codes where member_id = $1)::int as qrs,
       (select coalesce(json_agg(json_build_object('c', code, 'b', balance::text) order by code), '[]')
          from ledger_accounts where member_id = $1) as accounts`,
    [m.id],
  );
  return JSON.stringify({ ...b, ...row });
}

export async function excludedMemberTest(ctx: TestContext) {
  const x = await register(ctx.api);
  await fund(ctx.api, x, 1000);
  const joker = await activate(ctx.api, x, 'JOKER');
  await activate(ctx.api, x, 'SLOTXO');
  await lostYesterday(ctx, x, joker.username);
  const invited = await inviteShare(ctx, x);
  await giveCoins(ctx, x, 5);
  const coupon = await couponOf(ctx, x);
  await giveCoins(ctx, x, 1);
  const link = await voucher(ctx.api, 100);
  const second = await login(ctx.api, x.username, x.password);
  const oldTokens = [x.token, second];

  const excluded = await ctx.api.post(
    protectionPaths.exclusion,
    { kind: 'SELF_EXCLUSION', duration: '1y' },
    { token: x.token },
  );
  const oldAnswers = await Promise.all(oldTokens.map((token) => ctx.api.get('/api/wallet', { token })));
  const signedOut = oldAnswers.filter((r) => r.status === 401 && r.body?.message === 'invalid-token').length;
  const fresh = await login(ctx.api, x.username, x.password).catch(() => '');
  const m: Member = { ...x, token: fresh };

  const before = await snapshot(ctx, m);
  const k = (tag: string) => ({ token: m.token, key: newKey(tag) });
  const moneyIn: [string, () => Promise<Res>][] = [
    ['QR create', () => ctx.api.post('/api/qrcode/KBANK', { amount: 100 }, k('qr'))],
    ['TrueMoney link', () => sendLink(ctx.api, m, link.link)],
    ['wallet → game', () => ctx.api.post('/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 100 }, k('t'))],
    ['transferAll', () => ctx.api.post('/api/wallet/transferAll', { to: 'JOKER' }, k('ta'))],
    ['game → game', () => ctx.api.post('/api/wallet/transfer', { from: 'JOKER', to: 'SLOTXO', amount: 50 }, k('gg'))],
    ['bonus claim', () => ctx.api.get('/api/bonus/activate/WELCOME', k('b'))],
    ['promotion code', () => ctx.api.get('/api/promotion/activate/KRAPAO100', k('p'))],
    ['spin', () => ctx.api.post('/api/spinwheel/spin', undefined, k('s'))],
    ['coupon claim', () => ctx.api.post('/api/spinwheel/coupon/claim', { coupon }, k('c'))],
    ['invite collect', () => ctx.api.get('/api/invite/bonus', k('i'))],
    ['cashback receive', () => ctx.api.get('/api/refund/receive', k('r'))],
    ['cashback add to wallet', () => ctx.api.get('/api/refund/addWallet', k('ra'))],
  ];
  const inAnswers: [string, Res][] = [];
  for (const [name, call] of moneyIn) inAnswers.push([name, await call()]);
  const after = await snapshot(ctx, m);
  const [kept] = await ctx.sql<{ status: string }>(
    `select status from sandbox_truemoney where kind = 'VOUCHER' and ref = $1`,
    [link.voucher],
  );
  const refusedIn = inAnswers.filter(([, r]) => excludedAnswer(r));
  const odd = inAnswers.filter(([, r]) => !excludedAnswer(r)).map(([n, r]) => `${n}: ${code(r)}`);
  ctx.emit(
    line(
      '21.2a',
      'protection: excluded member puts money in',
      excluded.status === 200 &&
        refusedIn.length === moneyIn.length &&
        after === before &&
        kept?.status === 'AVAILABLE',
      `refused PROTECTION_EXCLUDED: ${refusedIn.length}/${moneyIn.length} (${Math.round((100 * refusedIn.length) / moneyIn.length)} %)` +
        `${odd.length ? ` — not refused: ${odd.join('; ')}` : ''}; wallet, games, ledger rows, coins, QRs ` +
        `${after === before ? 'unchanged' : `CHANGED ${before} → ${after}`}; voucher ${kept?.status}; ` +
        `armed: invite share ${invited ? 'waiting' : 'missing'}, coupon ${coupon ? 'held' : 'missing'}`,
      '100 % refused, nothing changed',
    ),
  );

  const moneyOut: [string, () => Promise<Res>][] = [
    ['game → wallet', () => ctx.api.post('/api/wallet/transfer', { from: 'JOKER', to: 'WALLET', amount: 100 }, k('o'))],
    ['withdraw', () => ctx.api.post('/api/wallet/withdraw', { amount: 100 }, k('w'))],
    ['withdrawAll', () => ctx.api.post('/api/wallet/withdrawAll', { amount: 100 }, k('wa'))],
  ];
  const outAnswers: [string, Res][] = [];
  for (const [name, call] of moneyOut) outAnswers.push([name, await call()]);
  const allowed = outAnswers.filter(([, r]) => r.status === 200).length;
  ctx.emit(
    line(
      '21.2b',
      'protection: excluded member takes money out',
      allowed === moneyOut.length,
      `allowed ${allowed}/${moneyOut.length} (${Math.round((100 * allowed) / moneyOut.length)} %): ` +
        outAnswers.map(([n, r]) => `${n} ${code(r)}${r.body?.status ? ` ${r.body.status}` : ''}`).join(', '),
      '100 % allowed',
    ),
  );

  ctx.emit(
    line(
      '21.2c',
      'protection: sessions when an exclusion starts',
      signedOut === oldTokens.length && fresh !== '',
      `sessions from before answering invalid-token: ${signedOut}/${oldTokens.length} (${oldAnswers.map(code).join(', ')}); ` +
        `a fresh sign-in: ${fresh ? 'works' : 'refused'}`,
      'all signed out; signing in again works',
    ),
  );

  await undoTries(ctx, m);
}

async function undoTries(ctx: TestContext, m: Member) {
  const shorter = await Promise.all(
    [
      { kind: 'TIMEOUT', duration: '24h' },
      { kind: 'SELF_EXCLUSION', duration: '6m' },
    ].map((body) => ctx.api.post(protectionPaths.exclusion, body, { token: m.token })),
  );
  const [row] = await ctx.sql<{ id: string }>(
    'select id::text from protection_exclusions where member_id = $1 and ended_at is null',
    [m.id],
  );
  const owner = await createOwner(ctx.api, ctx.product);
  const staff: Staff[] = [
    await createStaff(ctx.api, owner, 'support', 'bat-prot-support'),
    await createStaff(ctx.api, owner, 'finance', 'bat-prot-finance'),
    await createStaff(ctx.api, owner, 'admin', 'bat-prot-admin'),
  ];
  const path = opsProtectionPaths.endExclusion.replace(':memberId', String(m.id)).replace(':exclusionId', row!.id);
  const ends: [Staff, Res][] = [];
  for (const s of staff) {
    ends.push([s, await ctx.api.post(path, { reason: 'the member asks for it' }, { headers: staffHeaders(s) })]);
  }
  const state = await ctx.api.get(protectionPaths.state, { token: m.token });
  const [still] = await ctx.sql<{ n: number }>(
    'select count(*)::int as n from protection_exclusions where member_id = $1 and ended_at is null',
    [m.id],
  );
  const expect: Record<string, string> = {
    support: 'OPS_FORBIDDEN',
    finance: 'OPS_FORBIDDEN',
    admin: 'OPS_EXCLUSION_MIN_TERM',
  };
  const endsRight = ends.every(([s, r]) => r.status >= 400 && r.body?.message === expect[s.role]);
  const shorterRefused = shorter.every((r) => r.status === 400 && r.body?.message === 'KEY_INVALID');
  ctx.emit(
    line(
      '21.2d',
      'protection: undo an exclusion',
      shorterRefused && endsRight && still!.n === 1 && state.body?.exclusion?.kind === 'SELF_EXCLUSION',
      `a shorter one (24 h time-out, 6 months): ${tally(shorter)}; the console's end: ` +
        `${ends.map(([s, r]) => `${s.role} ${code(r)}`).join(', ')}; still in force: ${still!.n === 1 ? 'yes' : 'NO'} ` +
        `(${state.body?.exclusion?.kind ?? 'none'} until ${state.body?.exclusion?.endsAt ?? '-'})`,
      'shorter refused KEY_INVALID; support/finance OPS_FORBIDDEN; admin OPS_EXCLUSION_MIN_TERM; still in force',
    ),
  );
}
