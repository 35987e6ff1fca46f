// Helpers the deposits-queue tests share: a bank-feed line and a TrueMoney transfer no member sent,
// swept into deposit_reviews, and the console calls on them.
import { depositsPaths } from '@krapao/contracts/ops/deposits';
import { and, eq } from 'drizzle-orm';
import { depositReviews } from '../../db/schema/deposits.ts';
import type { TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff } from '../staff/testing.ts';
import { createBankNoticeSweep } from './bank-notice/bank-notice-sweep.job.ts';
import { bankTransfer, HOUSE } from './bank-notice/testing.ts';
import { sweepWithLog } from './truemoney/testing.ts';

let counter = 0;
/** An account number and a phone no member registered. */
export function stranger() {
  counter += 1;
  const tag = `${process.pid % 100}${Date.now() % 100_000}${counter}`.slice(-7).padStart(7, '0');
  return { accountNo: `77${tag}`, phone: `066${tag}` };
}

export async function reviewOf(t: TestApp, kind: 'BANK' | 'TRUEMONEY', ref: string) {
  const rows = await t.db
    .select()
    .from(depositReviews)
    .where(and(eq(depositReviews.kind, kind), eq(depositReviews.ref, ref)));
  return rows;
}

/** A transfer from an unregistered account into a house account, swept: its review row. */
export async function unmatchedBankLine(t: TestApp, amount: number, toAccountNo: string = HOUSE.slipKbank) {
  const from = { fromBankCode: 'SCB', fromAccountNo: stranger().accountNo };
  const { res, sendingBank, transRef } = await bankTransfer(t, { ...from, toAccountNo, amount });
  if (res.statusCode !== 200) throw new Error(`bank transfer: ${res.body}`);
  await createBankNoticeSweep(t.ctx).runOnce();
  const ref = `${sendingBank}:${transRef}`;
  const [row] = await reviewOf(t, 'BANK', ref);
  if (!row) throw new Error(`no review for ${ref}`);
  return { ...row, from, sendingBank, transRef };
}

/** A TrueMoney transfer from `phone` (no member's by default), swept: its review row. */
export async function truemoneyLine(t: TestApp, amount: number, phone = stranger().phone) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/truemoney/transfer',
    payload: { fromPhone: phone, amount },
  });
  if (res.statusCode !== 200) throw new Error(`truemoney transfer: ${res.body}`);
  await sweepWithLog(t).sweep.runOnce();
  const ref = `transfer:${res.json().ref as string}`;
  const [row] = await reviewOf(t, 'TRUEMONEY', ref);
  if (!row) throw new Error(`no review for ${ref}`);
  return { ...row, phone };
}

export const assignLine = (t: TestApp, s: SignedInStaff, id: number, body: object) =>
  opsCall(t, s, 'POST', depositsPaths.assign.replace(':reviewId', String(id)), body);
export const rejectLine = (t: TestApp, s: SignedInStaff, id: number, body: object) =>
  opsCall(t, s, 'POST', depositsPaths.reject.replace(':reviewId', String(id)), body);
