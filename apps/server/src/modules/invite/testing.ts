// Helpers the invite and cashback tests share: referred members, deposits through the one credit
// path, settings, the member's holding accounts and condition.
import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/account.ts';
import { creditConditions, inviteEarnings } from '../../db/schema/promotions.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createDepositCredit } from '../deposit/credit.ts';
import { type HoldingCode, memberAccountBalance } from '../ledger/member-account.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import type { RefundRules } from '../refund/refund-rules.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { DEFAULT_INVITE_RULES, type InviteRules } from './invite-rules.ts';

let reference = 0;

/** A signed-in member with `baht` in the wallet, invited by `referrerId`. */
export async function invitedMember(t: TestApp, referrerId: number, baht = 0): Promise<Member> {
  const m = await signedInMember(t, baht);
  await t.db.update(members).set({ referrerId }).where(eq(members.id, m.memberId));
  return m;
}

/** A bank deposit of `minor` satang credited the one way deposits are (house rules included). */
export async function depositOf(t: TestApp, memberId: number, minor: bigint, ref?: string) {
  reference += 1;
  const result = await createDepositCredit(t.ctx).credit({
    memberId,
    amount: minor,
    currency: 'BAHT',
    source: 'BANK',
    reference: ref ?? `invite-test-${process.pid}-${Date.now()}-${reference}`,
    fromCode: 'KBANK',
  });
  if (!result.credited) return null;
  return { memberId, amount: minor, currency: 'BAHT' as const, transactionId: result.transactionId };
}

export async function setInviteRules(t: TestApp, rules: Partial<InviteRules>) {
  await createSettingsRepository(t.db).set('inviteRules', { ...DEFAULT_INVITE_RULES, ...rules });
}

export async function setRefundRules(t: TestApp, rules: Partial<RefundRules>) {
  const settings = createSettingsRepository(t.db);
  const current = await settings.get('refundRules');
  await settings.set('refundRules', { ...current!, ...rules });
}

export function holding(t: TestApp, memberId: number, code: HoldingCode): Promise<bigint> {
  return memberAccountBalance(t.db, memberId, code, 'BAHT');
}

export async function earningsOf(t: TestApp, referrerId: number) {
  return t.db.select().from(inviteEarnings).where(eq(inviteEarnings.referrerId, referrerId));
}

export async function activeCondition(t: TestApp, memberId: number) {
  const [row] = await t.db
    .select()
    .from(creditConditions)
    .where(and(eq(creditConditions.memberId, memberId), eq(creditConditions.status, 'ACTIVE')));
  return row ?? null;
}
