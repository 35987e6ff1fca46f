// Each browser test's own member, made through the product's API and the sandboxes' dev routes:
// registered, signed in, terms accepted, and funded or played through as the test needs.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { freshAccountNo, freshPhone } from './support';

export type Member = {
  id: string;
  phone: string;
  password: string;
  name: string;
  accountNo: string;
  bankCode: string;
  token: string;
};

export type MemberOptions = {
  /** The referral code (PR + the inviter's id) typed at registration. */
  inviteCode?: string;
  /** The terms accepted on the server (default), so home never opens them by itself. */
  acceptTerms?: boolean;
  /** Baht deposited by a paid QR (the sandbox gateway) before the test starts. */
  deposit?: number;
  /** The Laos build's phone length. */
  phoneLength?: number;
};

const json = { 'content-type': 'application/json' };
const bearer = (m: Member) => ({ authorization: `Bearer ${m.token}` });
/** A header the money routes require; a new key per call. */
const fresh = () => ({ 'idempotency-key': `e2e-${randomUUID()}` });

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
  return res;
}

/** Registers a member no other test knows (registration without OTP) and signs it in. */
export async function freshMember(request: APIRequestContext, opts: MemberOptions = {}): Promise<Member> {
  const phone = freshPhone('08', opts.phoneLength ?? 10);
  const m = { phone, password: 'secret123', name: 'Test Player', accountNo: freshAccountNo(), bankCode: 'KBANK' };
  await ok(
    await request.post('/api/account', {
      headers: json,
      data: {
        name: m.name,
        username: phone,
        password: m.password,
        sourceCode: 'FB',
        inviteCode: opts.inviteCode ?? '',
        bankCode: m.bankCode,
        bankAccountName: 'SOMCHAI TESTER',
        bankAccountNo: m.accountNo,
      },
    }),
    'registration',
  );
  const login = await ok(
    await request.post('/api/login', { headers: json, data: { username: phone, password: m.password } }),
    'login',
  );
  const token = ((await login.json()) as { token: string }).token;
  const profile = await ok(
    await request.get('/api/account/profile', { headers: { authorization: `Bearer ${token}` } }),
    'profile',
  );
  const member: Member = { ...m, token, id: ((await profile.json()) as { profile: { _id: string } }).profile._id };
  if (opts.acceptTerms ?? true) {
    await ok(
      await request.put('/api/account/agreement', { headers: { ...bearer(member), ...fresh(), ...json }, data: {} }),
      'agreement',
    );
  }
  if (opts.deposit) await depositByQr(request, member, opts.deposit);
  return member;
}

/** The member's wallet, in baht. */
export async function walletOf(request: APIRequestContext, m: Member) {
  const res = await ok(await request.get('/api/wallet', { headers: bearer(m) }), 'wallet');
  return (await res.json()) as { wallet: { amount: number }; invite: { amount: number }; profile: { coin: number } };
}

/** A QR deposit at KBANK, paid through the sandbox gateway (the member's bank app); waits for the credit. */
export async function depositByQr(request: APIRequestContext, m: Member, amount: number) {
  const before = (await walletOf(request, m)).wallet.amount;
  const created = await ok(
    await request.post('/api/qrcode/KBANK', { headers: { ...bearer(m), ...fresh(), ...json }, data: { amount } }),
    'qrcode',
  );
  const { qrcodeId } = (await created.json()) as { qrcodeId: string };
  await ok(await request.post(`/dev/gateway/pay/${qrcodeId}`), 'gateway pay');
  await expect.poll(async () => (await walletOf(request, m)).wallet.amount).toBe(before + amount);
}

/**
 * Plays `amount` baht of the wallet through at the demo provider: the game account opened, the
 * money moved in, bets of 100 at its slot, then balance refreshes until the bets are counted
 * (spin coins and the inviter's share vest on play). Answers the member's coins.
 */
export async function playThrough(request: APIRequestContext, m: Member, amount: number, game = 'JOKER') {
  const account = await ok(await request.get(`/api/wallet/activate/${game}`, { headers: bearer(m) }), 'activate');
  const { username, password } = (await account.json()) as { username: string; password: string };
  await ok(
    await request.post('/api/wallet/transfer', {
      headers: { ...bearer(m), ...fresh(), ...json },
      data: { from: 'WALLET', to: game, amount },
    }),
    'transfer',
  );
  const signIn = await request.post(`/demo-provider/signin/${game}`, { form: { username, password }, maxRedirects: 0 });
  const session = new URL(signIn.headers().location ?? '', 'http://x').hash.slice(1);
  expect(session, 'a play session from the demo provider').not.toBe('');
  for (let played = 0; played < amount; played += 100) {
    await ok(
      await request.post('/demo-provider/api/spin', {
        headers: { 'x-demo-session': session, ...json },
        data: { amount: 100 },
      }),
      'bet',
    );
  }
}

/** Refreshes the balances until `done` holds: the refresh reads the settled bets. */
export async function untilCounted(request: APIRequestContext, m: Member, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await ok(await request.get('/api/wallet/refresh/slot', { headers: bearer(m) }), 'refresh');
        return done();
      },
      { timeout: 30_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
}

/** The member loses 120 baht at the demo provider in the last closed cashback period. */
export async function lostYesterday(request: APIRequestContext, m: Member) {
  await ok(await request.post('/dev/refund/losses', { headers: json, data: { username: m.phone } }), 'losses');
}

/** The session token the member app stored in this page (remembered or not). */
export async function pageToken(page: Page): Promise<string> {
  const stored = await page.evaluate(
    () => localStorage.getItem('krapao.token') ?? sessionStorage.getItem('krapao.token'),
  );
  if (!stored) throw new Error('not signed in');
  return stored;
}

/** The wallet of the member signed in on this page, in baht, read from the server. */
export async function pageWallet(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${await pageToken(page)}` } });
  return (await res.json()).wallet.amount as number;
}
