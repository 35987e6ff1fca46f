// book and settle (decision 035): a movement in one statement must be as atomic as one in a
// BEGIN … COMMIT — a refused posting leaves no transaction row, no statement number and no entry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HOUSE } from './house-accounts.ts';
import { createLedger } from './ledger.service.ts';
import { checkLedger } from './ledger-check.ts';
import { memberWithMoney, walletBalance } from './ledger-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function parkInTransit(memberId: number, amount: bigint) {
  const ledger = createLedger({ db: t.db });
  const wallet = (await ledger.memberAccount(memberId, 'WALLET'))!;
  const transit = await ledger.houseAccountId(HOUSE.TRANSIT, 'BAHT', memberId);
  const row = await ledger.book(
    {
      memberId,
      type: 'TRANSFER',
      status: 'PENDING',
      statementType: 'transfer',
      fromCode: 'WALLET',
      toCode: 'JOKER',
      amount,
      currency: 'BAHT',
      metadata: { note: 'test' },
    },
    [
      { accountId: wallet.id, amount: -amount },
      { accountId: transit, amount },
    ],
  );
  return { ledger, row, wallet, transit };
}

const movementCount = async (memberId: number) =>
  (await t.db.select({ n: members.movementCount }).from(members).where(eq(members.id, memberId)))[0]!.n;

describe('ledger.book', () => {
  it('writes the row with the next statement number and posts it, answering the row as stored', async () => {
    const m = await memberWithMoney(t.db, 5_000n);
    const seqBefore = await movementCount(m);
    const { row } = await parkInTransit(m, 1_200n);
    const [stored] = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, row.id));
    expect(row).toEqual(stored);
    expect(row.memberSeq).toBe(seqBefore + 1);
    expect(await walletBalance(t.db, m)).toBe(3_800n);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row.id));
    expect(entries.map((e) => e.amount).sort()).toEqual([-1_200n, 1_200n].sort());
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses to take a member below zero and leaves nothing behind: no row, no number, no entry', async () => {
    const m = await memberWithMoney(t.db, 1_000n);
    const seqBefore = await movementCount(m);
    const rowsBefore = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, m));
    await expect(parkInTransit(m, 1_001n)).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    expect(await walletBalance(t.db, m)).toBe(1_000n);
    expect(await movementCount(m)).toBe(seqBefore);
    expect(await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, m))).toEqual(rowsBefore);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('ledger.settle', () => {
  it('moves the status and the money once; a second settle answers the status and posts nothing', async () => {
    const m = await memberWithMoney(t.db, 2_000n);
    const { ledger, row, wallet, transit } = await parkInTransit(m, 500n);
    const back = [
      { accountId: transit, amount: -500n },
      { accountId: wallet.id, amount: 500n },
    ];
    expect(await ledger.settle(row.id, ['PENDING', 'UNKNOWN'], 'FAILED', back)).toBe('FAILED');
    expect(await walletBalance(t.db, m)).toBe(2_000n);
    // A late SUCCESS for the same transfer finds it FAILED and moves nothing.
    expect(await ledger.settle(row.id, ['PENDING', 'UNKNOWN'], 'SUCCESS', back)).toBe('FAILED');
    expect(await walletBalance(t.db, m)).toBe(2_000n);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row.id));
    expect(entries).toHaveLength(4);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('rolls the status back when the posting is refused', async () => {
    const m = await memberWithMoney(t.db, 300n);
    const { ledger, row, wallet } = await parkInTransit(m, 300n);
    const other = await memberWithMoney(t.db, 0n);
    const otherWallet = (await ledger.memberAccount(other, 'WALLET'))!;
    // Taking 300 out of an empty member account is refused: the status must stay PENDING.
    await expect(
      ledger.settle(row.id, ['PENDING'], 'SUCCESS', [
        { accountId: otherWallet.id, amount: -300n },
        { accountId: wallet.id, amount: 300n },
      ]),
    ).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    const [stored] = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, row.id));
    expect(stored!.status).toBe('PENDING');
    expect(await walletBalance(t.db, m)).toBe(0n);
  });
});

describe('ledger.holdUngated', () => {
  const hold = (memberId: number, amount: bigint, at: Date) => {
    const ledger = createLedger({ db: t.db });
    return ledger.memberAccount(memberId, 'WALLET').then(async (wallet) =>
      ledger.holdUngated(
        at,
        {
          memberId,
          type: 'TRANSFER',
          statementType: 'transfer',
          fromCode: 'WALLET',
          toCode: 'JOKER',
          amount,
          currency: 'BAHT',
          metadata: {},
        },
        wallet!.id,
        await ledger.houseAccountId(HOUSE.TRANSIT, 'BAHT', memberId),
      ),
    );
  };
  const rowsOf = (memberId: number) =>
    t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, memberId));

  it('parks like book when no gate applies, and refuses a member below zero', async () => {
    const m = await memberWithMoney(t.db, 1_000n);
    const row = await hold(m, 400n, new Date());
    expect(row).toMatchObject({ status: 'PENDING', amount: 400n });
    expect(await walletBalance(t.db, m)).toBe(600n);
    await expect(hold(m, 601n, new Date())).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    expect(await rowsOf(m)).toHaveLength(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('writes nothing and answers null while an exclusion is in force at that time or a loss limit is', async () => {
    const m = await memberWithMoney(t.db, 1_000n);
    const now = new Date();
    const hour = 3_600_000;
    const before = await rowsOf(m);
    const exclusion = { memberId: m, kind: 'TIMEOUT', startsAt: now, endsAt: new Date(now.getTime() + hour) };
    const [excluded] = await t.db.insert(protectionExclusions).values(exclusion).returning();
    expect(await hold(m, 100n, now)).toBeNull();
    expect(await rowsOf(m)).toEqual(before);
    expect(await walletBalance(t.db, m)).toBe(1_000n);
    // Not yet in force, over, or ended early: no gate.
    expect(await hold(m, 100n, new Date(now.getTime() - 1))).not.toBeNull();
    expect(await hold(m, 100n, new Date(now.getTime() + hour))).not.toBeNull();
    await t.db.update(protectionExclusions).set({ endedAt: now }).where(eq(protectionExclusions.id, excluded!.id));
    expect(await hold(m, 100n, now)).not.toBeNull();
    // A deposit limit is no gate here; a loss limit is, whatever its period.
    await t.db.insert(protectionLimits).values({ memberId: m, kind: 'DEPOSIT', period: 'DAY', amount: 100n });
    expect(await hold(m, 100n, now)).not.toBeNull();
    await t.db.insert(protectionLimits).values({ memberId: m, kind: 'LOSS', period: 'WEEK', amount: 100_000n });
    expect(await hold(m, 100n, now)).toBeNull();
    expect(await walletBalance(t.db, m)).toBe(600n);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
