// Each statement of `bonus.hot-path.ts` against the same facts read the plain way, one table at a
// time and compared in code. A neighbour with its own deposits, games and transfers sits beside the
// member, so a subquery that loses its member filter answers the neighbour's facts and fails.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { creditConditions } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { deposit } from '../ledger/ledger-testing.ts';
import { call, type Member, signedInMember } from '../wallet/testing.ts';
import { type BonusHotPath, createBonusHotPath, QUALIFYING_DEPOSIT_HOURS } from './bonus.hot-path.ts';
import { ageDeposits, holdingCredit } from './testing.ts';

let t: TestApp;
let hot: BonusHotPath;
let a: Member;
let b: Member;
beforeAll(async () => {
  t = await createTestApp();
  hot = createBonusHotPath(t.db);
  a = await signedInMember(t, 300);
  b = await signedInMember(t, 900);
  for (const [m, code] of [
    [a, 'PG'],
    [b, 'PG'],
    [b, 'JOKER'],
  ] as const)
    await activate(t, m.token, code);
  const move = (m: Member, to: string, amount: number, key: string) =>
    call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to, amount }, key);
  expect((await move(a, 'PG', 40, 'hot-path-bonus-a1')).statusCode).toBe(200);
  expect((await move(b, 'JOKER', 70, 'hot-path-bonus-b1')).statusCode).toBe(200);
  await holdingCredit(t, a, 'REFUND', 5);
  // The money a member starts with is too old to take a bonus on: the deposits below decide.
  await ageDeposits(t, a.memberId, QUALIFYING_DEPOSIT_HOURS + 1);
});
afterAll(async () => {
  await t.close();
});

const newest = async (memberId: number) => {
  const rows = await t.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.memberId, memberId));
  return Math.max(...rows.map((r) => r.id));
};
/** A row of the member's that moves no money (a withdrawal's or a condition's end, for the rules). */
const row = async (memberId: number, type: string, status: string) => {
  const [created] = await t.db
    .insert(ledgerTransactions)
    .values({ memberId, type, status, amount: 1n, currency: 'BAHT' })
    .returning({ id: ledgerTransactions.id });
  return created!.id;
};
const gameCodes = async () => (await t.db.select({ code: games.code }).from(games)).map((g) => g.code);

describe('qualifyingDeposit', () => {
  async function plain(memberId: number, minDeposit: bigint) {
    const mine = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, memberId));
    const conditions = await t.db.select().from(creditConditions);
    const used = new Set(conditions.map((c) => c.qualifyingDepositId));
    const ended = Math.max(
      0,
      ...conditions.filter((c) => c.memberId === memberId).map((c) => c.finishTransactionId ?? 0),
    );
    const left = mine.filter((x) => x.type === 'WITHDRAW' && x.status !== 'FAILED');
    const lastWithdrawal = Math.max(0, ...left.map((x) => x.id));
    const since = Date.now() - QUALIFYING_DEPOSIT_HOURS * 3_600_000;
    const fits = mine.filter(
      (x) =>
        x.type === 'DEPOSIT' &&
        x.status === 'SUCCESS' &&
        x.amount >= minDeposit &&
        x.createdAt.getTime() > since &&
        !used.has(x.id) &&
        x.id > ended &&
        x.id > lastWithdrawal,
    );
    const last = fits.sort((x, y) => y.id - x.id)[0];
    return last ? { id: last.id, amount: last.amount } : null;
  }
  const same = async (minDeposit: bigint) => {
    const answer = await hot.qualifyingDeposit(a.memberId, minDeposit);
    expect(answer).toEqual(await plain(a.memberId, minDeposit));
    return answer;
  };

  it('answers the latest deposit the rules let through, as the plain reads do', async () => {
    await deposit(t.db, a.memberId, 20_000n);
    const big = await newest(a.memberId);
    await deposit(t.db, a.memberId, 5_000n);
    const small = await newest(a.memberId);
    await deposit(t.db, b.memberId, 50_000n);
    expect(await same(10_000n)).toEqual({ id: big, amount: 20_000n });
    expect(await same(1_000n)).toEqual({ id: small, amount: 5_000n });

    // Too old: the window is on the database clock.
    await t.db
      .update(ledgerTransactions)
      .set({ createdAt: new Date(Date.now() - (QUALIFYING_DEPOSIT_HOURS + 1) * 3_600_000) })
      .where(eq(ledgerTransactions.id, small));
    expect((await same(1_000n))!.id).toBe(big);
  });

  it('skips a deposit used by a condition, and any before an ended condition or a withdrawal', async () => {
    const base = { kind: 'bonus', sourceCode: 'DAILY', currency: 'BAHT', percentFail: 0 } as const;
    const money = { bonusAmount: 1n, startCredit: 1n, target: 2n, failBelow: 0n };
    const used = (await hot.qualifyingDeposit(a.memberId, 10_000n))!.id;
    await t.db
      .insert(creditConditions)
      .values({ ...base, ...money, memberId: a.memberId, status: 'SUCCESS', qualifyingDepositId: used });
    expect(await same(10_000n)).toBeNull();

    await deposit(t.db, a.memberId, 30_000n);
    const later = await newest(a.memberId);
    expect((await same(10_000n))!.id).toBe(later);
    await row(a.memberId, 'WITHDRAW', 'FAILED');
    await row(b.memberId, 'WITHDRAW', 'PENDING');
    expect((await same(10_000n))!.id).toBe(later);
    await row(a.memberId, 'WITHDRAW', 'PENDING');
    expect(await same(10_000n)).toBeNull();

    await deposit(t.db, a.memberId, 15_000n);
    const after = await newest(a.memberId);
    expect((await same(10_000n))!.id).toBe(after);
    const finish = await row(b.memberId, 'FINISH_BONUS', 'SUCCESS');
    await t.db
      .insert(creditConditions)
      .values({ ...base, ...money, memberId: b.memberId, status: 'FAILED', finishTransactionId: finish });
    expect((await same(10_000n))!.id).toBe(after);
    const ended = await row(a.memberId, 'FINISH_BONUS', 'SUCCESS');
    await t.db
      .insert(creditConditions)
      .values({ ...base, ...money, memberId: a.memberId, status: 'FAILED', finishTransactionId: ended });
    expect(await same(10_000n)).toBeNull();
  });
});

describe('totalBalance', () => {
  async function plain(memberId: number) {
    const codes = await gameCodes();
    const accounts = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
    const held = accounts.filter((x) => x.code === 'WALLET' || codes.includes(x.code));
    const moving = await t.db
      .select({ amount: ledgerTransactions.amount })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.memberId, memberId),
          eq(ledgerTransactions.type, 'TRANSFER'),
          inArray(ledgerTransactions.status, ['PENDING', 'UNKNOWN']),
        ),
      );
    return [...held.map((x) => x.balance), ...moving.map((x) => x.amount)].reduce((s, x) => s + x, 0n);
  }

  it('sums the WALLET, the game accounts and money in transit, not INVITE or REFUND', async () => {
    const before = await hot.totalBalance(t.db, a.memberId);
    expect(before).toBe(await plain(a.memberId));
    const refund = await t.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, a.memberId), eq(ledgerAccounts.code, 'REFUND')));
    expect(refund[0]!.balance).toBe(500n);

    const transfer = { type: 'TRANSFER', fromCode: 'WALLET', toCode: 'PG', currency: 'BAHT' };
    await t.db.insert(ledgerTransactions).values([
      { ...transfer, memberId: a.memberId, status: 'UNKNOWN', amount: 700n },
      { ...transfer, memberId: a.memberId, status: 'SUCCESS', amount: 11n },
      { ...transfer, memberId: b.memberId, status: 'PENDING', amount: 13n },
    ]);
    const after = await t.db.transaction((tx) => hot.totalBalance(tx, a.memberId));
    expect(after).toBe(await plain(a.memberId));
    expect(after).toBe(before + 700n);
    expect(await hot.totalBalance(t.db, b.memberId)).toBe(await plain(b.memberId));
  });
});

describe('gameAccounts', () => {
  async function plain(memberId: number) {
    const codes = await gameCodes();
    const accounts = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
    const out = [];
    for (const x of accounts.filter((y) => codes.includes(y.code))) {
      const entries = await t.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, x.id));
      out.push({ code: x.code, balance: x.balance, lastEntryId: Math.max(0, ...entries.map((e) => e.id)) });
    }
    return out;
  }
  const sorted = <T extends { code: string }>(rows: T[]) => [...rows].sort((x, y) => x.code.localeCompare(y.code));

  it("answers each game account's balance and newest entry, and no other account", async () => {
    const mine = await hot.gameAccounts(a.memberId);
    expect(sorted(mine)).toEqual(sorted(await plain(a.memberId)));
    expect(mine).toEqual([expect.objectContaining({ code: 'PG', balance: 4_000n })]);
    expect(mine[0]!.lastEntryId).toBeGreaterThan(0);
    const theirs = await hot.gameAccounts(b.memberId);
    expect(sorted(theirs)).toEqual(sorted(await plain(b.memberId)));
    expect(sorted(theirs).map((g) => [g.code, g.balance])).toEqual([
      ['JOKER', 7_000n],
      ['PG', 0n],
    ]);
    expect(await hot.gameAccounts(9_999_999)).toEqual([]);
  });
});
