// Every money-in route refuses an excluded member with PROTECTION_EXCLUDED and changes nothing; the
// same route with the same setup works for a member who is not excluded. Every way out (transfers out
// of games, withdrawals) and the member's own pages stay open; promotional lists answer empty.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectionExclusions } from '../../db/schema/protection.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { holdingCredit } from '../bonus/testing.ts';
import { activate } from '../games/testing.ts';
import { setInviteRules, setRefundRules } from '../invite/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { SEED_REFUND_RULES } from '../refund/seed-refunds.ts';
import { bookGameResult } from '../refund/testing.ts';
import { insertCoupon, setCoins } from '../spin/testing.ts';
import { balances, call, type Member, signedInMember } from '../wallet/testing.ts';
import { setUnplayed } from '../withdraw/testing.ts';
import { activeExclusion } from './exclusion-gate.ts';
import { booksOf, exclude } from './gates-testing.ts';

let t: TestApp;
let keys = 0;
const key = () => `sweep-${Date.now()}-${++keys}`;
const get = (m: Member, url: string) => call(t, m, 'GET', url, undefined, key());
const post = (m: Member, url: string, body?: unknown) => call(t, m, 'POST', url, body, key());

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '500' });
  await setInviteRules(t, { isActive: true, minimumClaim: 1, requireInviteePlay: false });
  await setRefundRules(t, { ...SEED_REFUND_RULES, isActive: true });
});
afterAll(async () => {
  if (!t) return;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** A member with 2 000 baht in the wallet and JOKER and PG open. */
async function player(): Promise<Member> {
  const m = await signedInMember(t, 2_000);
  await activate(t, m.token, 'JOKER');
  await activate(t, m.token, 'PG');
  return m;
}

type Case = { name: string; prepare: () => Promise<Member>; act: (m: Member) => ReturnType<typeof call> };

const MONEY_IN: Case[] = [
  {
    name: 'transfer wallet → game',
    prepare: player,
    act: (m) => post(m, '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 100 }),
  },
  {
    name: 'transfer game → game',
    prepare: async () => {
      const m = await player();
      expect((await post(m, '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 300 })).statusCode).toBe(200);
      return m;
    },
    act: (m) => post(m, '/api/wallet/transfer', { from: 'PG', to: 'JOKER', amount: 100 }),
  },
  { name: 'transferAll into a game', prepare: player, act: (m) => post(m, '/api/wallet/transferAll', { to: 'JOKER' }) },
  {
    name: 'bonus claim',
    prepare: () => signedInMember(t, 300),
    act: (m) => get(m, '/api/bonus/activate/WELCOME'),
  },
  {
    name: 'promotion code',
    prepare: () => signedInMember(t, 300),
    act: (m) => get(m, '/api/promotion/activate/KRAPAO100'),
  },
  {
    name: 'spin',
    prepare: async () => {
      const m = await signedInMember(t, 10);
      await setCoins(t, m.memberId, 2);
      return m;
    },
    act: (m) => post(m, '/api/spinwheel/spin'),
  },
  {
    name: 'coupon claim',
    prepare: async () => {
      const m = await signedInMember(t, 10);
      await insertCoupon(t, m.memberId, { id: `sweep-coupon-${m.memberId}`, sliceCode: 'B10' });
      return m;
    },
    act: (m) => post(m, '/api/spinwheel/coupon/claim', { coupon: `sweep-coupon-${m.memberId}` }),
  },
  {
    name: 'invite collect',
    prepare: async () => {
      const m = await signedInMember(t, 10);
      await holdingCredit(t, m, 'INVITE', 100);
      return m;
    },
    act: (m) => get(m, '/api/invite/bonus'),
  },
  {
    name: 'cashback receive',
    prepare: async () => {
      const m = await signedInMember(t, 2_000);
      await bookGameResult(t, m.memberId, -1_000_00n, new Date(Date.now() - 24 * 3_600_000));
      return m;
    },
    act: (m) => get(m, '/api/refund/receive'),
  },
  {
    name: 'cashback into the wallet',
    prepare: async () => {
      const m = await signedInMember(t, 10);
      await holdingCredit(t, m, 'REFUND', 50);
      return m;
    },
    act: (m) => get(m, '/api/refund/addWallet'),
  },
];

describe('an excluded member: every money-in refused, nothing changed', () => {
  it.each(MONEY_IN)('$name: allowed while not excluded', async (c) => {
    const m = await c.prepare();
    const res = await c.act(m);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(MONEY_IN)('$name: PROTECTION_EXCLUDED (403) with the kind and end, the books as they were', async (c) => {
    const m = await c.prepare();
    const now = new Date();
    await exclude(t, m.memberId, 24, now);
    const before = await booksOf(t, m.memberId);
    const res = await c.act(m);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      message: 'PROTECTION_EXCLUDED',
      kind: 'TIMEOUT',
      endsAt: new Date(now.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(await booksOf(t, m.memberId)).toEqual(before);
  });

  it('a permanent self-exclusion refuses with a null end', async () => {
    const m = await player();
    await exclude(t, m.memberId, null);
    const res = await post(m, '/api/wallet/transferAll', { to: 'JOKER' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'PROTECTION_EXCLUDED', kind: 'SELF_EXCLUSION', endsAt: null });
  });

  it('an exclusion that ran out stops nothing', async () => {
    const m = await player();
    await exclude(t, m.memberId, -0.5);
    expect((await post(m, '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 10 })).statusCode).toBe(200);
  });
});

describe('an excluded member: every way out stays open', () => {
  it('transfers out of games, both withdrawals, the wallet and the statement all answer 200', async () => {
    const m = await player();
    expect((await post(m, '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 500 })).statusCode).toBe(200);
    expect((await post(m, '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 500 })).statusCode).toBe(200);
    await setUnplayed(t, m.memberId, 0n);
    await exclude(t, m.memberId, null);

    const out = [
      await post(m, '/api/wallet/transfer', { from: 'JOKER', to: 'WALLET', amount: 200 }),
      await post(m, '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 500 }),
      await post(m, '/api/wallet/withdrawAll', { amount: 300 }),
      await post(m, '/api/wallet/withdraw', { amount: 200 }),
      await get(m, '/api/wallet'),
      await post(m, '/api/statement', { page: 1, limit: 10 }),
    ];
    expect(out.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // 2 000 − 1 000 into games + 700 back − 500 withdrawn.
    expect((await balances(t, m)).wallet).toBe(1_200);
    expect((await balances(t, m)).slots).toMatchObject({ JOKER: 300, PG: 0 });
  });
});

describe('promotional lists of an excluded member', () => {
  it('bonus list, invite and cashback banners answer empty, and come back when the exclusion ends', async () => {
    const m = await signedInMember(t, 10);
    const lists = async () =>
      Promise.all(
        ['/api/bonus', '/api/invite/banners', '/api/refund/banners'].map(async (u) => (await get(m, u)).json()),
      );
    const open = await lists();
    expect(open.map((l) => l.length > 0)).toEqual([true, true, true]);
    const id = await exclude(t, m.memberId, 24);
    expect(await lists()).toEqual([[], [], []]);
    await t.db.update(protectionExclusions).set({ endedAt: new Date() }).where(eq(protectionExclusions.id, id));
    expect(await lists()).toEqual(open);
  });
});

describe('activeExclusion', () => {
  it('overlapping exclusions answer the one ending last; one not started yet or ended early is not in force', async () => {
    const m = await signedInMember(t, 10);
    const now = new Date();
    expect(await activeExclusion(t.db, m.memberId, now)).toBeNull();
    await t.db.insert(protectionExclusions).values({
      memberId: m.memberId,
      kind: 'TIMEOUT',
      startsAt: new Date(now.getTime() + 3_600_000),
      endsAt: new Date(now.getTime() + 48 * 3_600_000),
    });
    expect(await activeExclusion(t.db, m.memberId, now)).toBeNull();
    const short = await exclude(t, m.memberId, 24, now);
    const long = await exclude(t, m.memberId, 24 * 30, now);
    expect(await activeExclusion(t.db, m.memberId, now)).toMatchObject({ id: long, kind: 'TIMEOUT' });
    await t.db.update(protectionExclusions).set({ endedAt: now }).where(eq(protectionExclusions.id, long));
    expect((await activeExclusion(t.db, m.memberId, now))?.id).toBe(short);
    const permanent = await exclude(t, m.memberId, null, now);
    expect(await activeExclusion(t.db, m.memberId, now)).toMatchObject({ id: permanent, endsAt: null });
  });
});
