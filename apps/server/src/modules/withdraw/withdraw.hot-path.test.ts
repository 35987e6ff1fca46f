// Each fused statement of `withdraw.hot-path.ts` against the same facts read the plain way, one table
// at a time. Two members side by side with different unplayed money, withdrawals of every kind (in
// and out of the 24 h, rejected, paid) and the same Idempotency-Key, so a join or subquery that loses
// its member, or pairs a withdrawal with the wrong ledger transaction, answers the neighbour's facts.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Member } from '../wallet/testing.ts';
import { playedMember, setUnplayed, WITHDRAW_TEST_ENV, withdraw } from './testing.ts';
import { createWithdrawHotPath, type WithdrawHotPath } from './withdraw.hot-path.ts';
import type { WithdrawalStatus } from './withdraw.repository.ts';

let t: TestApp;
let hot: WithdrawHotPath;
let a: Member;
let b: Member;
const KEY = `wd-hot-path-${process.pid}`;

async function made(m: Member, baht: number, key: string) {
  const res = await withdraw(t, m, { amount: baht }, key, 'withdraw');
  expect(res.statusCode).toBe(200);
  return Number(res.json().withdrawId);
}

async function set(id: number, status: WithdrawalStatus, hoursAgo = 0) {
  await t.db
    .update(withdrawals)
    .set({ status, createdAt: sql`now() - make_interval(hours => ${hoursAgo})` })
    .where(eq(withdrawals.id, id));
}

beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV);
  hot = createWithdrawHotPath(t.db);
  a = await playedMember(t, 2_000);
  b = await playedMember(t, 2_000);
  // a: one counted (approved), one rejected, one older than 24 h; never paid.
  await set(await made(a, 150, `${KEY}-a1`), 'WAITING_APPROVAL', 30);
  await set(await made(a, 100, KEY), 'APPROVED');
  await set(await made(a, 120, `${KEY}-a3`), 'REJECTED');
  // b: two counted, one of them paid.
  await set(await made(b, 200, KEY), 'PAID', 2);
  await set(await made(b, 170, `${KEY}-b2`), 'APPROVED');
  await setUnplayed(t, a.memberId, 1_234n);
  await setUnplayed(t, b.memberId, 5_678n);
});
afterAll(async () => {
  await t.close();
});

describe('history', () => {
  const plain = async (memberId: number) => {
    const [m] = await t.db.select({ unplayed: members.unplayed }).from(members).where(eq(members.id, memberId));
    if (!m) return null;
    const mine = await t.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId));
    const day = await t.db
      .select({ amount: withdrawals.amount })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.memberId, memberId),
          ne(withdrawals.status, 'REJECTED'),
          gt(withdrawals.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    return {
      unplayed: m.unplayed,
      dayAmount: day.reduce((sum, w) => sum + w.amount, 0n),
      dayCount: day.length,
      hasPaid: mine.some((w) => w.status === 'PAID'),
    };
  };

  it("answers the member's unplayed money, the last 24 h not rejected and whether one was paid", async () => {
    for (const m of [a, b]) expect(await hot.history(m.memberId)).toEqual(await plain(m.memberId));
    expect(await hot.history(a.memberId)).toEqual({
      unplayed: 1_234n,
      dayAmount: 10_000n,
      dayCount: 1,
      hasPaid: false,
    });
    expect(await hot.history(b.memberId)).toEqual({ unplayed: 5_678n, dayAmount: 37_000n, dayCount: 2, hasPaid: true });
    const inside = await t.db.transaction((tx) => hot.history(a.memberId, tx));
    expect(inside).toEqual(await plain(a.memberId));
  });

  it('answers null for no such member, and zeros for a member without withdrawals', async () => {
    expect(await hot.history(9_999_999)).toBeNull();
    const c = await playedMember(t, 10);
    expect(await hot.history(c.memberId)).toEqual({ unplayed: 0n, dayAmount: 0n, dayCount: 0, hasPaid: false });
    expect(await hot.history(c.memberId)).toEqual(await plain(c.memberId));
  });
});

describe('byKey', () => {
  const plain = async (memberId: number, key: string) => {
    const [held] = await t.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.memberId, memberId),
          eq(ledgerTransactions.type, 'WITHDRAW'),
          eq(ledgerTransactions.idempotencyKey, key),
        ),
      );
    if (!held) return null;
    const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.transactionId, held.id));
    return w ?? null;
  };

  it("answers the withdrawal the member's own key made, though the neighbour used the same key", async () => {
    for (const m of [a, b]) expect(await hot.byKey(m.memberId, KEY)).toEqual(await plain(m.memberId, KEY));
    expect(await hot.byKey(a.memberId, KEY)).toMatchObject({ memberId: a.memberId, amount: 10_000n });
    expect(await hot.byKey(b.memberId, KEY)).toMatchObject({ memberId: b.memberId, amount: 20_000n });
    expect(await hot.byKey(a.memberId, `${KEY}-b2`)).toBeNull();
    expect(await hot.byKey(a.memberId, 'never-sent')).toBeNull();
    const [first] = await t.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.memberId, a.memberId))
      .orderBy(asc(withdrawals.id));
    expect((await hot.byKey(a.memberId, `${KEY}-a1`))!.id).toBe(first!.id);
  });
});
