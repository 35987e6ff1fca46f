// `page` of `statement.hot-path.ts` against the same facts read the plain way: the member's movement
// count, then that member's rows of the page's number range. A neighbour with the same numbers and
// different amounts makes a join that loses the member filter fail.
import { and, between, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deposit, memberWithMoney } from '../ledger/ledger-testing.ts';
import { createStatementHotPath } from './statement.hot-path.ts';

let t: TestApp;
let a: number;
let b: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await memberWithMoney(t.db, 100n);
  b = await memberWithMoney(t.db, 7n);
  for (let i = 1; i <= 13; i += 1) {
    await deposit(t.db, a, BigInt(100 + i));
    if (i <= 6) await deposit(t.db, b, BigInt(9_000 + i));
  }
});
afterAll(async () => {
  await t.close();
});

async function plain(memberId: number, page: number, limit: number) {
  const [m] = await t.db.select({ n: members.movementCount }).from(members).where(eq(members.id, memberId));
  const total = m?.n ?? 0;
  const hi = total - (page - 1) * limit;
  const lo = total - page * limit + 1;
  const rows = await t.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, memberId), between(ledgerTransactions.memberSeq, lo, hi)))
    .orderBy(desc(ledgerTransactions.memberSeq));
  return { total, rows };
}

describe('page', () => {
  const hot = () => createStatementHotPath(t.db);

  it('answers the movement count and the rows of that page, newest first, as the plain reads do', async () => {
    const first = await hot().page(a, 1, 5);
    expect(first).toEqual(await plain(a, 1, 5));
    expect(first.total).toBe(14);
    expect(first.rows.map((r) => r.memberSeq)).toEqual([14, 13, 12, 11, 10]);
    expect(first.rows[0]!.amount).toBe(113n);
    for (const [member, page, limit] of [
      [a, 2, 5],
      [a, 3, 5],
      [a, 1, 14],
      [b, 1, 5],
      [b, 2, 5],
    ] as const) {
      expect(await hot().page(member, page, limit)).toEqual(await plain(member, page, limit));
    }
    expect((await hot().page(a, 3, 5)).rows.map((r) => r.memberSeq)).toEqual([4, 3, 2, 1]);
  });

  it('answers the count and no rows past the last page, and nothing for no such member', async () => {
    expect(await hot().page(a, 4, 5)).toEqual({ total: 14, rows: [] });
    expect(await hot().page(9_999_999, 1, 10)).toEqual({ total: 0, rows: [] });
  });
});
