// Invites through the API: earning on invitees' played deposits (exact shares, once per turnover
// row), the list, the claim into the wallet under the invite condition, every refusal code, banners.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inviteEarnings } from '../../db/schema/promotions.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { gameUsername, playThrough, settleAndSync, testClock } from '../turnover/testing.ts';
import { balances, call, type Member, signedInMember } from '../wallet/testing.ts';
import { DEMO_INVITEE, SEED_INVITE_BANNERS } from './seed-invites.ts';
import { activeCondition, depositOf, earningsOf, holding, invitedMember, setInviteRules } from './testing.ts';

describe('invites', () => {
  const clock = testClock();
  let t: TestApp;
  const claim = (m: Member, key?: string) => call(t, m, 'GET', '/api/invite/bonus', undefined, key);
  const list = (m: Member, page = 1, limit = 10) => call(t, m, 'POST', '/api/invite', { page, limit });

  /** The invitee deposits `minor` and plays it through once. */
  async function depositAndPlay(invitee: Member, minor: bigint) {
    await depositOf(t, invitee.memberId, minor);
    await playThrough(t, clock, invitee, minor);
  }

  /** A referrer with `baht` in the wallet and `share` satang waiting in INVITE (1 % of a played deposit). */
  async function referrerWithShare(baht: number, share: bigint) {
    const referrer = await signedInMember(t, baht);
    const invitee = await invitedMember(t, referrer.memberId);
    await depositAndPlay(invitee, share * 100n);
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(share);
    return { referrer, invitee };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  beforeEach(async () => {
    await setInviteRules(t, { isActive: true, sharePercent: 1, minimumClaim: 1, requireInviteePlay: false });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it('the seed: the demo member invited a member whose deposit earned 1 % (wallet invite.amount and the list)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
    });
    const demo = { memberId: 0, token: login.json().token as string };
    const wallet = (await call(t, demo, 'GET', '/api/wallet')).json();
    expect(wallet.invite).toEqual({ amount: 5, success: 5, fail: 10 });
    const res = await list(demo);
    expect(res.json()).toMatchObject({ total: 1, invites: [{ from: { name: DEMO_INVITEE.name }, amount: 5 }] });
  });

  it('a played deposit earns the referrer sharePercent % rounded down to satang, in INVITE, not the wallet', async () => {
    const referrer = await signedInMember(t, 0);
    const invitee = await invitedMember(t, referrer.memberId);
    await depositOf(t, invitee.memberId, 12_345n);
    expect(await earningsOf(t, referrer.memberId)).toEqual([]); // not at the deposit: on play
    await playThrough(t, clock, invitee, 12_345n); // 1 % of 123.45 = 1.2345 → 1.23
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(123n);
    await setInviteRules(t, { sharePercent: 2.5 });
    await depositAndPlay(invitee, 12_345n); // 2.5 % = 3.08625 → 3.08
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(431n);
    await setInviteRules(t, { sharePercent: 1 });
    await depositAndPlay(invitee, 99n); // 0.99 satang → nothing, no row
    expect((await earningsOf(t, referrer.memberId)).map((e) => e.amount)).toEqual([123n, 308n]);
    const wallet = (await call(t, referrer, 'GET', '/api/wallet')).json();
    expect(wallet.invite.amount).toBe(4.31);
    expect(wallet.wallet.amount).toBe(0);
    expect(wallet.slots.map((s: { code: string }) => s.code)).not.toContain('INVITE');
  });

  it('once: the same transfer credited twice plays through once, and a range read again earns nothing', async () => {
    const referrer = await signedInMember(t, 0);
    const invitee = await invitedMember(t, referrer.memberId);
    const ref = `twice-${Date.now()}`;
    expect(await depositOf(t, invitee.memberId, 50_000n, ref)).not.toBeNull();
    expect(await depositOf(t, invitee.memberId, 50_000n, ref)).toBeNull();
    await playThrough(t, clock, invitee, 80_000n); // only the 500 deposited counts
    expect((await settleAndSync(t, clock, 'JOKER')).rows).toBe(0);
    expect(await earningsOf(t, referrer.memberId)).toHaveLength(1);
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(500n);
  });

  it('nothing is earned without a referrer, with the feature off, or for a referrer of another currency', async () => {
    const alone = await signedInMember(t, 0);
    await depositAndPlay(alone, 10_000n);
    expect((await t.db.select().from(inviteEarnings).where(eq(inviteEarnings.inviteeId, alone.memberId))).length).toBe(
      0,
    );

    const referrer = await signedInMember(t, 0);
    const invitee = await invitedMember(t, referrer.memberId);
    await setInviteRules(t, { isActive: false });
    await depositAndPlay(invitee, 10_000n);
    expect(await earningsOf(t, referrer.memberId)).toEqual([]);

    await setInviteRules(t, { isActive: true });
    const lakReferrer = await memberWithMoney(t.db, 0n, 'LAK');
    const lakInvitee = await invitedMember(t, lakReferrer);
    await depositAndPlay(lakInvitee, 10_000n);
    expect(await earningsOf(t, lakReferrer)).toEqual([]);
  });

  it('POST /api/invite lists the earnings newest first with the invitee name, paged', async () => {
    const referrer = await signedInMember(t, 0);
    const a = await invitedMember(t, referrer.memberId);
    const b = await invitedMember(t, referrer.memberId);
    await depositAndPlay(a, 10_000n);
    await depositAndPlay(b, 20_000n);
    await depositAndPlay(a, 30_000n);
    const names = await Promise.all(
      [a, b].map(async (m) => (await call(t, m, 'GET', '/api/wallet')).json().profile.name as string),
    );
    const first = (await list(referrer, 1, 2)).json();
    expect(first.total).toBe(3);
    expect(first.invites.map((r: { amount: number }) => r.amount)).toEqual([3, 2]);
    expect(first.invites.map((r: { from: { name: string } }) => r.from.name)).toEqual([names[0], names[1]]);
    expect(Number.isNaN(Date.parse(first.invites[0].createdAt))).toBe(false);
    const second = (await list(referrer, 2, 2)).json();
    expect(second).toMatchObject({ total: 3, invites: [{ amount: 1, from: { name: names[0] } }] });
    expect((await list(a)).json()).toEqual({ total: 0, invites: [] });
    expect((await call(t, referrer, 'POST', '/api/invite', { page: 0, limit: 10 })).json().message).toBe('KEY_INVALID');
    expect((await call(t, referrer, 'POST', '/api/invite', { page: 1 })).json().message).toBe('KEY_MISSING');
  });

  it('GET /api/invite/bonus moves the whole INVITE balance to the wallet and starts the invite condition', async () => {
    const { referrer, invitee } = await referrerWithShare(100, 1_000n);
    const res = await claim(referrer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 10 });
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(0n);
    expect((await balances(t, referrer)).wallet).toBe(110);
    expect((await call(t, referrer, 'GET', '/api/wallet')).json().invite.amount).toBe(0);
    // startCredit = total balance after the credit; success at +5 %, failure below 10 % (the invite setting).
    expect(await activeCondition(t, referrer.memberId)).toMatchObject({
      kind: 'invite',
      bonusAmount: 1_000n,
      startCredit: 11_000n,
      target: 11_550n,
      failBelow: 1_100n,
      percentFail: 10,
    });
    const statement = (await call(t, referrer, 'POST', '/api/statement', { page: 1, limit: 10 })).json();
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus',
      from: 'INVITE',
      to: 'WALLET',
      amount: 10,
      status: 'SUCCESS',
      invite: { description: 'Invite bonus' },
    });

    // More earned while the condition runs: the claim waits for the condition to end.
    await depositAndPlay(invitee, 100_000n);
    expect((await claim(referrer)).json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(1_000n);
  });

  it('refusals: INVITE_INACTIVE, NO_INVITE_BONUS, INVITE_BONUS_FAIL below the minimum claim; nothing moves', async () => {
    const { referrer } = await referrerWithShare(0, 50n);
    await setInviteRules(t, { isActive: false });
    let res = await claim(referrer);
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'INVITE_INACTIVE' }]);
    await setInviteRules(t, { isActive: true, minimumClaim: 1 });
    res = await claim(referrer);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'INVITE_BONUS_FAIL', minimum: 1 }]);
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(50n);

    const nobody = await signedInMember(t, 10);
    res = await claim(nobody);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_INVITE_BONUS' }]);
    expect(await activeCondition(t, nobody.memberId)).toBeNull();
  });

  it('NO_INVITEE_PLAY_INFO while the rule is on and no invitee has moved money into a game', async () => {
    await setInviteRules(t, { requireInviteePlay: true });
    const { referrer, invitee } = await referrerWithShare(0, 500n);
    let res = await claim(referrer);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_INVITEE_PLAY_INFO' }]);
    await gameUsername(t, invitee, 'JOKER'); // the account is open; no money moved into it yet
    expect((await claim(referrer)).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    const moved = await call(t, invitee, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 10 });
    expect(moved.json().status).toBe('SUCCESS');
    res = await claim(referrer);
    expect(res.json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 5 });
  });

  it('a replayed claim (same Idempotency-Key) answers the first result and moves nothing again', async () => {
    const { referrer } = await referrerWithShare(0, 700n);
    const key = `invite-claim-${referrer.memberId}`;
    const first = await claim(referrer, key);
    const again = await claim(referrer, key);
    expect(first.json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 7 });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t, referrer)).wallet).toBe(7);
  });

  it('GET /api/invite/banners answers the banners setting ([] when there are none)', async () => {
    const m = await signedInMember(t, 0);
    expect((await call(t, m, 'GET', '/api/invite/banners')).json()).toEqual(SEED_INVITE_BANNERS);
    const settings = createSettingsRepository(t.db);
    await settings.set('inviteBanners', []);
    expect((await call(t, m, 'GET', '/api/invite/banners')).json()).toEqual([]);
    await settings.set('inviteBanners', SEED_INVITE_BANNERS);
  });

  it('every invite call needs a signed-in member', async () => {
    for (const [method, url] of [
      ['POST', '/api/invite'],
      ['GET', '/api/invite/bonus'],
      ['GET', '/api/invite/banners'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: headers(), payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
    }
  });
});
