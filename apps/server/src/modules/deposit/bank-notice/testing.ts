// Helpers the bank-feed tests share: the member's bank app (a transfer into a house account) and
// what the feed and the notices hold.
import { and, eq } from 'drizzle-orm';
import { bankAccounts } from '../../../db/schema/account.ts';
import { depositNotices, depositReferences, sandboxBankFeed } from '../../../db/schema/deposits.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** The seeded house accounts (seed-deposit.ts): SCB is AUTO, KBANK and GSB are SLIP. */
export const HOUSE = { autoScb: '4071234567', slipKbank: '0591234567' } as const;

export type TransferBody = { fromBankCode: string; fromAccountNo: string; toAccountNo: string; amount: number };

/** POST /dev/bank/transfer: the slip PNG and the transfer's identity. */
export async function bankTransfer(t: TestApp, body: TransferBody) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/bank/transfer', payload: body });
  return {
    res,
    transRef: String(res.headers['x-trans-ref'] ?? ''),
    sendingBank: String(res.headers['x-sending-bank'] ?? ''),
  };
}

export async function registeredAccountOf(t: TestApp, memberId: number) {
  const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId));
  return { fromBankCode: row!.bankCode, fromAccountNo: row!.accountNo };
}

export async function feedRow(t: TestApp, sendingBank: string, transRef: string) {
  const [row] = await t.db
    .select()
    .from(sandboxBankFeed)
    .where(and(eq(sandboxBankFeed.sendingBank, sendingBank), eq(sandboxBankFeed.transRef, transRef)));
  return row ?? null;
}

export async function noticesOf(t: TestApp, memberId: number) {
  return t.db.select().from(depositNotices).where(eq(depositNotices.memberId, memberId)).orderBy(depositNotices.id);
}

export async function bankReferenceUsed(t: TestApp, sendingBank: string, transRef: string) {
  const rows = await t.db
    .select()
    .from(depositReferences)
    .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, `${sendingBank}:${transRef}`)));
  return rows[0] ?? null;
}
