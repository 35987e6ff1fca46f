import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HOUSE } from './house-accounts.ts';
import { createLedger } from './ledger.service.ts';
import { checkLedger } from './ledger-check.ts';
import { deposit, memberWithMoney, walletBalance } from './ledger-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Withdraws `amount` from a member's wallet to the payable house account, like a withdrawal. */
async function withdraw(memberId: number, amount: bigint) {
  const ledger = createLedger({ db: t.db });
  const wallet = await ledger.memberAccount(memberId, 'WALLET');
  const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, 'BAHT', memberId);
  await t.db.transaction(async (tx) => {
    const row = await ledger.open(tx, {
      memberId,
      type: 'WITHDRAW',
      status: 'SUCCESS',
      statementType: 'withdraw',
      fromCode: 'WALLET',
      toCode: 'BANK',
      amount,
      currency: 'BAHT',
    });
    await ledger.post(tx, row.id, [
      { accountId: wallet!.id, amount: -amount },
      { accountId: payable, amount },
    ]);
  });
}

describe('ledger postings', () => {
  it('refuses to take a member below zero and writes nothing of the refused transaction', async () => {
    const m = await memberWithMoney(t.db, 10_000n);
    const before = await checkLedger(t.db);
    await expect(withdraw(m, 10_001n)).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    expect(await walletBalance(t.db, m)).toBe(10_000n);
    expect(await checkLedger(t.db)).toEqual(before);
    await withdraw(m, 10_000n);
    expect(await walletBalance(t.db, m)).toBe(0n);
  });

  it('refuses an unbalanced posting', async () => {
    const ledger = createLedger({ db: t.db });
    const m = await memberWithMoney(t.db, 0n);
    const wallet = await ledger.memberAccount(m, 'WALLET');
    await expect(
      t.db.transaction(async (tx) => {
        const row = await ledger.open(tx, { memberId: m, type: 'X', status: 'SUCCESS', amount: 1n, currency: 'BAHT' });
        await ledger.post(tx, row.id, [{ accountId: wallet!.id, amount: 5n }]);
      }),
    ).rejects.toThrow(/unbalanced/);
    expect(await walletBalance(t.db, m)).toBe(0n);
  });

  it('holds money in a PENDING transaction until settled, and locks only members that exist', async () => {
    const ledger = createLedger({ db: t.db });
    const [a, b] = await Promise.all([memberWithMoney(t.db, 5_000n), memberWithMoney(t.db, 0n)]);
    const wallet = (await ledger.memberAccount(a, 'WALLET'))!;
    const transit = await ledger.houseAccountId(HOUSE.TRANSIT, 'BAHT', a);
    const move = { memberId: a, type: 'TRANSFER', fromCode: 'WALLET', toCode: 'JOKER', currency: 'BAHT' };
    await expect(ledger.hold({ ...move, amount: 5_001n }, wallet.id, transit)).rejects.toEqual(
      new AppError('MONEY_NOT_ENOUGH'),
    );
    const held = await ledger.hold({ ...move, amount: 2_000n }, wallet.id, transit);
    expect(held.status).toBe('PENDING');
    expect(await walletBalance(t.db, a)).toBe(3_000n);
    expect(
      await ledger.settle(held.id, ['PENDING'], 'FAILED', [
        { accountId: transit, amount: -2_000n },
        { accountId: wallet.id, amount: 2_000n },
      ]),
    ).toBe('FAILED');
    expect(await walletBalance(t.db, a)).toBe(5_000n);
    const [low, high] = a < b ? [a, b] : [b, a];
    await t.db.transaction(async (tx) => {
      expect(await ledger.lockMembers(tx, [high, 2_000_000_000, low])).toEqual([low, high]);
      expect(await ledger.lockMember(tx, 2_000_000_000)).toBe(false);
    });
  });

  it('keeps every invariant over a random sequence of deposits and withdrawals', async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const membersList = await Promise.all([1, 2, 3, 4].map(() => memberWithMoney(t.db, 0n)));
    const expected = new Map(membersList.map((m) => [m, 0n]));
    for (let i = 0; i < 120; i++) {
      const m = membersList[Math.floor(random() * membersList.length)]!;
      const amount = BigInt(1 + Math.floor(random() * 50_000));
      if (random() < 0.55) {
        await deposit(t.db, m, amount);
        expected.set(m, expected.get(m)! + amount);
      } else {
        const ok = expected.get(m)! >= amount;
        if (ok) {
          await withdraw(m, amount);
          expected.set(m, expected.get(m)! - amount);
        } else {
          await expect(withdraw(m, amount)).rejects.toBeInstanceOf(AppError);
        }
      }
    }
    for (const [m, amount] of expected) expect(await walletBalance(t.db, m)).toBe(amount);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
