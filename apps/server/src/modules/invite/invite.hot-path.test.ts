// Each fused statement of `invite.hot-path.ts` against the same facts read the plain way, one table
// at a time. Two referrers side by side, each with invitees of their own (and one invitee who earned
// nothing), so a join on the wrong member or a subquery that loses its referrer answers the
// neighbour's facts and fails.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { call, type Member, signedInMember } from '../wallet/testing.ts';
import { createInviteHotPath, type InviteHotPath } from './invite.hot-path.ts';
import { invitedMember } from './testing.ts';

let t: TestApp;
let hot: InviteHotPath;
let r1: Member;
let r2: Member;
let a1: Member;
let a2: Member;
let idle: Member;
let b1: Member;
beforeAll(async () => {
  t = await createTestApp();
  hot = createInviteHotPath(t.db);
  r1 = await signedInMember(t, 0);
  r2 = await signedInMember(t, 0);
  a1 = await invitedMember(t, r1.memberId, 100);
  a2 = await invitedMember(t, r1.memberId, 100);
  idle = await invitedMember(t, r1.memberId, 100);
  b1 = await invitedMember(t, r2.memberId, 100);
  for (const [m, name] of [
    [r1, 'Referrer One'],
    [r2, 'Referrer Two'],
    [a1, 'Invitee A1'],
    [a2, 'Invitee A2'],
    [idle, 'Invitee Idle'],
    [b1, 'Invitee B1'],
  ] as const) {
    await t.db.update(members).set({ name }).where(eq(members.id, m.memberId));
  }
  const earning = (referrer: Member, invitee: Member, amount: bigint) => ({
    referrerId: referrer.memberId,
    inviteeId: invitee.memberId,
    amount,
    currency: 'BAHT',
  });
  await t.db
    .insert(inviteEarnings)
    .values([
      earning(r1, a1, 100n),
      earning(r2, b1, 9_900n),
      earning(r1, a2, 200n),
      earning(r1, a1, 300n),
      earning(r2, b1, 9_800n),
    ]);
});
afterAll(async () => {
  await t.close();
});

/** The member moves `baht` from the wallet into PG: a successful TRANSFER out of the WALLET. */
async function play(m: Member, baht: number) {
  await activate(t, m.token, 'PG');
  const res = await call(
    t,
    m,
    'POST',
    '/api/wallet/transfer',
    { from: 'WALLET', to: 'PG', amount: baht },
    `inv-hp-${m.memberId}-${baht}`,
  );
  expect(res.statusCode).toBe(200);
}

describe('page', () => {
  const plain = async (referrerId: number, page: number, limit: number) => {
    const all = await t.db
      .select()
      .from(inviteEarnings)
      .where(eq(inviteEarnings.referrerId, referrerId))
      .orderBy(desc(inviteEarnings.id));
    const rows = [];
    for (const e of all.slice((page - 1) * limit, page * limit)) {
      const [invitee] = await t.db.select({ name: members.name }).from(members).where(eq(members.id, e.inviteeId));
      rows.push({ name: invitee!.name, amount: e.amount, currency: e.currency, createdAt: e.createdAt });
    }
    return { total: all.length, rows };
  };

  it("answers the referrer's earnings, newest first, with each invitee's name, as the plain reads do", async () => {
    const first = await hot.page(r1.memberId, 1, 2);
    expect(first).toEqual(await plain(r1.memberId, 1, 2));
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => [r.name, r.amount])).toEqual([
      ['Invitee A1', 300n],
      ['Invitee A2', 200n],
    ]);
    for (const [m, page, limit] of [
      [r1, 2, 2],
      [r1, 1, 10],
      [r2, 1, 10],
      [a1, 1, 10],
    ] as const) {
      expect(await hot.page(m.memberId, page, limit)).toEqual(await plain(m.memberId, page, limit));
    }
    expect((await hot.page(r2.memberId, 1, 10)).rows.map((r) => r.name)).toEqual(['Invitee B1', 'Invitee B1']);
    expect(await hot.page(a1.memberId, 1, 10)).toEqual({ total: 0, rows: [] });
  });
});

describe('anyEarningInviteePlayed', () => {
  const fused = (referrerId: number) => t.db.transaction((tx) => hot.anyEarningInviteePlayed(tx, referrerId));
  const plain = async (referrerId: number) => {
    const earned = await t.db
      .select({ id: inviteEarnings.inviteeId })
      .from(inviteEarnings)
      .where(eq(inviteEarnings.referrerId, referrerId));
    if (earned.length === 0) return false;
    const moved = await t.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          inArray(
            ledgerTransactions.memberId,
            earned.map((e) => e.id),
          ),
          eq(ledgerTransactions.type, 'TRANSFER'),
          eq(ledgerTransactions.status, 'SUCCESS'),
          eq(ledgerTransactions.fromCode, 'WALLET'),
        ),
      );
    return moved.length > 0;
  };
  const both = async (m: Member) => [await fused(m.memberId), await plain(m.memberId)];

  it("sees a transfer of the referrer's own earning invitees only", async () => {
    expect(await both(r1)).toEqual([false, false]);
    // The neighbour's invitee and an invitee of r1 who earned r1 nothing play: r1 still waits.
    await play(b1, 10);
    await play(idle, 10);
    expect(await both(r1)).toEqual([false, false]);
    expect(await both(r2)).toEqual([true, true]);
    expect(await both(a1)).toEqual([false, false]);

    await play(a2, 5);
    expect(await both(r1)).toEqual([true, true]);
  });
});
