import { STATEMENT_SIGN } from '@krapao/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema/account.ts';
import { idempotencyRequests } from '../../db/schema/ledger.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, type Member } from '../wallet/testing.ts';
import {
  bankRows,
  checkWithdrawals,
  newKey,
  playedMember,
  sandboxOf,
  statement,
  WITHDRAW_TEST_ENV,
  withdraw,
  withdrawalsOf,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV);
});
afterEach(() => sandboxOf(t).faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkWithdrawals(t)).toEqual([]);
  await t.close();
});

/** Nothing moved: the wallet, the member's withdrawals and statement are as they were. */
async function expectUntouched(m: Member, wallet: number, statementRows: number) {
  expect((await balances(t, m)).wallet).toBe(wallet);
  expect(await withdrawalsOf(t, m.memberId)).toEqual([]);
  expect((await statement(t, m)).total).toBe(statementRows);
}

describe('POST /api/wallet/withdrawAll and /api/wallet/withdraw', () => {
  it('pays a small amount at once through both paths: wallet down, a withdraw row SUCCESS with the minus sign', async () => {
    const m = await playedMember(t, 1000);
    const all = await withdraw(t, m, { amount: 300.5 });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS', amount: 300.5 });
    const one = await withdraw(t, m, { amount: 100 }, newKey(), 'withdraw');
    expect(one.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS', amount: 100 });
    expect((await balances(t, m)).wallet).toBe(599.5);

    const s = await statement(t, m);
    expect(s.total).toBe(3);
    const row = s.statements[1]!;
    expect(row).toMatchObject({
      statementType: 'withdraw',
      from: 'WALLET',
      to: 'SCB',
      amount: 300.5,
      status: 'SUCCESS',
    });
    expect(STATEMENT_SIGN[row.statementType as keyof typeof STATEMENT_SIGN]).toBe('-');

    const [paid] = await bankRows(t, all.json().withdrawId);
    const [account] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, m.memberId));
    expect(paid).toMatchObject({ status: 'PAID', amount: 30050n, bankCode: 'SCB', accountNo: account!.accountNo });
    const listed = await withdrawalsOf(t, m.memberId);
    expect(listed.map((w) => w.status)).toEqual(['PAID', 'PAID']);
    expect(listed[1]!.payoutRef).toBe(paid!.ref);
  });

  it.each([
    ['missing', {}, 'KEY_MISSING'],
    ['a string', { amount: '100' }, 'KEY_INVALID'],
    ['negative', { amount: -1 }, 'KEY_INVALID'],
    ['zero', { amount: 0 }, 'KEY_INVALID'],
    ['three decimals', { amount: 1.234 }, 'KEY_INVALID'],
    ['huge', { amount: 1e308 }, 'KEY_INVALID'],
    ['an unknown field', { amount: 100, to: 'KBANK' }, 'KEY_INVALID'],
  ])('refuses an amount that is %s, moving nothing', async (_name, body, code) => {
    const m = await playedMember(t, 1000);
    const res = await withdraw(t, m, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(code);
    await expectUntouched(m, 1000, 1);
  });

  it('refuses below withdrawMin with TRANSFER_MINIMUM and above withdrawMax with KEY_INVALID, each with the figure', async () => {
    const m = await playedMember(t, 60_000);
    const low = await withdraw(t, m, { amount: 99.99 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ message: 'TRANSFER_MINIMUM', minimum: 100 });
    const high = await withdraw(t, m, { amount: 50_000.01 });
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual({ message: 'KEY_INVALID', maximum: 50_000 });
    await expectUntouched(m, 60_000, 1);
  });

  it('answers 401 invalid-token without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdrawAll',
      payload: { amount: 100 },
      headers: headers('nope'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid-token' });
  });

  it('answers NO_BANK for a member without a registered bank account', async () => {
    const m = await playedMember(t, 1000);
    await t.db.delete(bankAccounts).where(eq(bankAccounts.memberId, m.memberId));
    const res = await withdraw(t, m, { amount: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('NO_BANK');
    await expectUntouched(m, 1000, 1);
  });

  it('answers MONEY_NOT_ENOUGH when the wallet holds less, moving nothing', async () => {
    const m = await playedMember(t, 149.99);
    const res = await withdraw(t, m, { amount: 150 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('MONEY_NOT_ENOUGH');
    await expectUntouched(m, 149.99, 1);
    expect((await withdraw(t, m, { amount: 149.99 })).json().status).toBe('SUCCESS');
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('replays the first answer for the same Idempotency-Key: one hold, one payout', async () => {
    const m = await playedMember(t, 1000);
    const key = newKey();
    const first = await withdraw(t, m, { amount: 200 }, key);
    const again = await withdraw(t, m, { amount: 200 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const reused = await withdraw(t, m, { amount: 300 }, key);
    expect(reused.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'idempotency-key-reused' });
    // Even when the stored answer is gone, the books know the key: still one hold.
    await t.db.delete(idempotencyRequests).where(eq(idempotencyRequests.key, key));
    const fromBooks = await withdraw(t, m, { amount: 200 }, key);
    expect(fromBooks.json()).toEqual(first.json());
    expect((await balances(t, m)).wallet).toBe(800);
    expect(await withdrawalsOf(t, m.memberId)).toHaveLength(1);
    expect(await bankRows(t, first.json().withdrawId)).toHaveLength(1);
  });

  it('refuses a definitive bank refusal (closed account) with TRANSFER_FAIL and gives the money back', async () => {
    const m = await playedMember(t, 1000);
    await t.db.update(bankAccounts).set({ accountNo: '1230000000' }).where(eq(bankAccounts.memberId, m.memberId));
    const res = await withdraw(t, m, { amount: 400 });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('TRANSFER_FAIL');
    expect((await balances(t, m)).wallet).toBe(1000);
    const [w] = await withdrawalsOf(t, m.memberId);
    expect(w).toMatchObject({
      status: 'REJECTED',
      note: 'PAYOUT_REJECTED:ACCOUNT_CLOSED',
      bankAccountNo: '1230000000',
    });
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'FAILED' });
    expect(await bankRows(t, w!.withdrawalId)).toEqual([]);
  });
});
