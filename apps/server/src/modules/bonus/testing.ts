// Helpers the bonus tests share: the calls, the member's conditions and statement, a deposit.
import { asc, eq, sql } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { creditConditions } from '../../db/schema/promotions.ts';
import type { TestApp } from '../../test/test-app.ts';
import { bankCredit } from '../deposit/testing.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-testing.ts';
import { ensureMemberAccount, type HoldingCode } from '../ledger/member-account.ts';
import { call, type Member } from '../wallet/testing.ts';

let keys = 0;
export const key = (tag = 'bonus') => `${tag}-${Date.now()}-${++keys}`;

export const bonusList = async (t: TestApp, m: Member) => (await call(t, m, 'GET', '/api/bonus')).json();
export const activateBonus = (t: TestApp, m: Member, code: string, k?: string) =>
  call(t, m, 'GET', `/api/bonus/activate/${code}`, undefined, k);
export const checkActive = async (t: TestApp, m: Member) => (await call(t, m, 'GET', '/api/bonus/check/active')).json();
export const clearBonus = (t: TestApp, m: Member, k?: string) => call(t, m, 'GET', '/api/bonus/clear', undefined, k);
export const findPromotion = (t: TestApp, m: Member, code: string) => call(t, m, 'GET', `/api/promotion/find/${code}`);
export const activatePromotion = (t: TestApp, m: Member, code: string, k?: string) =>
  call(t, m, 'GET', `/api/promotion/activate/${code}`, undefined, k);

export async function statement(t: TestApp, m: Member) {
  return (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 20 })).json();
}

export async function conditionsOf(t: TestApp, memberId: number) {
  return t.db
    .select()
    .from(creditConditions)
    .where(eq(creditConditions.memberId, memberId))
    .orderBy(asc(creditConditions.id));
}

/** A settled bank deposit of `baht` into the member's wallet (its DEPOSIT transaction id). */
export async function depositBaht(t: TestApp, m: Member, baht: number): Promise<number> {
  await deposit(t.db, m.memberId, BigInt(Math.round(baht * 100)));
  const [row] = await t.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.memberId, m.memberId))
    .orderBy(sql`${ledgerTransactions.id} desc`)
    .limit(1);
  return row!.id;
}

/** A deposit through the one credit path with its house rules (what the bank feed, slips and QR use). */
export function creditFromOutside(t: TestApp, m: Member, baht: number, reference = key('ref')) {
  return bankCredit(t, m.memberId, baht, reference);
}

/** Makes the member's deposits look `hours` old (the qualifying window is on the database clock). */
export async function ageDeposits(t: TestApp, memberId: number, hours: number) {
  await t.db.execute(
    sql`update ledger_transactions set created_at = now() - make_interval(hours => ${hours})
      where member_id = ${memberId} and type = 'DEPOSIT'`,
  );
}

/** The member's BONUS_EXPENSE-side movements in minor units: what the house paid minus took back. */
export async function bonusRows(t: TestApp, memberId: number) {
  return t.db
    .select({
      type: ledgerTransactions.type,
      statementType: ledgerTransactions.statementType,
      amount: ledgerTransactions.amount,
      metadata: ledgerTransactions.metadata,
    })
    .from(ledgerTransactions)
    .where(
      sql`${ledgerTransactions.memberId} = ${memberId} and ${ledgerTransactions.type} in ('BONUS', 'FINISH_BONUS')`,
    )
    .orderBy(asc(ledgerTransactions.id));
}

/** Puts `baht` in the member's INVITE (from referral expense) or REFUND (from cashback expense) account. */
export async function holdingCredit(t: TestApp, m: Member, code: HoldingCode, baht: number) {
  const ledger = createLedger(t.ctx);
  const amount = BigInt(Math.round(baht * 100));
  const house = code === 'INVITE' ? HOUSE.REFERRAL_EXPENSE : HOUSE.CASHBACK_EXPENSE;
  await t.db.transaction(async (tx) => {
    const account = await ensureMemberAccount(tx, m.memberId, code, 'BAHT');
    const from = await ledger.houseAccountId(house, 'BAHT', m.memberId, tx);
    const held = await ledger.open(tx, {
      memberId: m.memberId,
      type: 'TEST_FUND',
      status: 'SUCCESS',
      statementType: null,
      fromCode: house,
      toCode: code,
      amount,
      currency: 'BAHT',
    });
    await ledger.post(tx, held.id, [
      { accountId: from, amount: -amount },
      { accountId: account.id, amount },
    ]);
  });
}
