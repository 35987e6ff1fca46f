// The referrer's share of an invitee's deposit (DESIGN §6): booked REFERRAL_EXPENSE → the
// referrer's INVITE account with its invite_earnings row, in one transaction, once per deposit
// (the earning's unique deposit id decides a second call). Not a statement row: the claim is.
import type { AppContext } from '../../context.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';
import type { CreditedDeposit } from '../deposit/deposit-rules.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { createInviteRepository } from './invite.repository.ts';
import { inviteRulesOf, percentOf } from './invite-rules.ts';
import { ensureMemberAccount, INVITE_ACCOUNT } from './member-account.ts';

export type EarnResult = { earned: bigint; referrerId: number } | null;

/**
 * Earns the share of one credited deposit for the depositor's referrer, when there is one and the
 * invite feature is on. Safe to call again for the same deposit (answers null then).
 */
export async function earnReferralShare(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deposit: CreditedDeposit,
): Promise<EarnResult> {
  const repo = createInviteRepository(ctx.db);
  const referrer = await repo.referrerOf(deposit.memberId);
  // A referrer of another currency (Laos build: BAHT and LAK members) cannot be paid a share.
  if (!referrer || referrer.currency !== deposit.currency) return null;
  const rules = await inviteRulesOf(createSettingsRepository(ctx.db));
  if (!rules.isActive) return null;
  const share = percentOf(deposit.amount, rules.sharePercent);
  if (share <= 0n) return null;

  const ledger = createLedger(ctx);
  return ctx.db.transaction(async (tx) => {
    const [earning] = await tx
      .insert(inviteEarnings)
      .values({
        referrerId: referrer.id,
        inviteeId: deposit.memberId,
        depositTransactionId: deposit.transactionId,
        amount: share,
        currency: deposit.currency,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: inviteEarnings.id });
    if (!earning) return null;
    const account = await ensureMemberAccount(tx, referrer.id, INVITE_ACCOUNT, deposit.currency);
    const expense = await ledger.houseAccountId(HOUSE.REFERRAL_EXPENSE, deposit.currency, referrer.id, tx);
    const t = await ledger.open(tx, {
      memberId: referrer.id,
      type: 'INVITE_EARNING',
      status: 'SUCCESS',
      statementType: null,
      fromCode: HOUSE.REFERRAL_EXPENSE,
      toCode: INVITE_ACCOUNT,
      amount: share,
      currency: deposit.currency,
      idempotencyKey: `deposit:${deposit.transactionId}`,
      metadata: { inviteeId: deposit.memberId, depositTransactionId: deposit.transactionId, earningId: earning.id },
    });
    await ledger.post(tx, t.id, [
      { accountId: expense, amount: -share },
      { accountId: account.id, amount: share },
    ]);
    return { earned: share, referrerId: referrer.id };
  });
}
