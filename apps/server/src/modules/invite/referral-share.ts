// The referrer's share of an invitee's played deposits (decision 055): each turnover row that
// played deposited money through earns `sharePercent` of its `played`, rounded down,
// REFERRAL_EXPENSE → the referrer's INVITE account with its invite_earnings row, once per row
// (the earning's unique turnover id), inside the turnover sync's transaction. Not a statement row:
// the claim is. A deposit taken out unplayed earns nothing.
import { asc, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';
import { percentOf } from '../../lib/percent.ts';
import type { DepositCredited } from '../deposit/index.ts';
import { createLedger, ensureMemberAccount, HOUSE, INVITE_ACCOUNT, type Ledger } from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import type { DepositPlayedSubscriber } from '../turnover/index.ts';
import { createInviteRepository } from './invite.repository.ts';
import { type InviteRules, inviteRulesOf } from './invite-rules.ts';

export type EarnResult = { earned: bigint; referrerId: number } | null;

/** One turnover row of an invitee, with the referrer as the sync read them. */
export type PlayedTurnover = {
  turnoverId: number;
  inviteeId: number;
  currency: string;
  /** The part of the row that played deposited money through (member_turnover.played). */
  played: bigint;
  referrer: { id: number; currency: string } | null;
  at: Date;
};

type Earning = {
  referrerId: number;
  inviteeId: number;
  amount: bigint;
  currency: string;
  at: Date;
  source: { turnoverId: number } | { depositTransactionId: number };
};

/** The earning row and its posting; null when that row or deposit already earned. */
async function bookShare(tx: Tx, ledger: Ledger, e: Earning): Promise<EarnResult> {
  const [earning] = await tx
    .insert(inviteEarnings)
    .values({
      referrerId: e.referrerId,
      inviteeId: e.inviteeId,
      amount: e.amount,
      currency: e.currency,
      createdAt: e.at,
      ...e.source,
    })
    .onConflictDoNothing()
    .returning({ id: inviteEarnings.id });
  if (!earning) return null;
  const account = await ensureMemberAccount(tx, e.referrerId, INVITE_ACCOUNT, e.currency);
  const expense = await ledger.houseAccountId(HOUSE.REFERRAL_EXPENSE, e.currency, e.referrerId, tx);
  const key = 'turnoverId' in e.source ? `turnover:${e.source.turnoverId}` : `deposit:${e.source.depositTransactionId}`;
  const t = await ledger.open(tx, {
    memberId: e.referrerId,
    type: 'INVITE_EARNING',
    status: 'SUCCESS',
    statementType: null,
    fromCode: HOUSE.REFERRAL_EXPENSE,
    toCode: INVITE_ACCOUNT,
    amount: e.amount,
    currency: e.currency,
    idempotencyKey: key,
    metadata: { inviteeId: e.inviteeId, ...e.source, earningId: earning.id },
  });
  await ledger.post(tx, t.id, [
    { accountId: expense, amount: -e.amount },
    { accountId: account.id, amount: e.amount },
  ]);
  return { earned: e.amount, referrerId: e.referrerId };
}

/**
 * The share one turnover row earns: nothing without a referrer, with the feature off, for a
 * referrer of another currency (no conversion), or below one minor unit.
 */
export function shareOf(rules: InviteRules, row: Pick<PlayedTurnover, 'referrer' | 'currency' | 'played'>): bigint {
  if (!rules.isActive || !row.referrer || row.referrer.currency !== row.currency) return 0n;
  return percentOf(row.played, rules.sharePercent);
}

/**
 * Locks, in id order, every account the shares of one sync post to (each referrer's INVITE
 * account, created when missing, and their REFERRAL_EXPENSE shard): two syncs that pay the same
 * referrers then queue instead of deadlocking.
 */
export async function lockShareAccounts(tx: Tx, ledger: Ledger, referrers: { id: number; currency: string }[]) {
  const sorted = [...new Map(referrers.map((r) => [r.id, r])).values()].sort((a, b) => a.id - b.id);
  const ids = new Set<number>();
  for (const r of sorted) {
    ids.add((await ensureMemberAccount(tx, r.id, INVITE_ACCOUNT, r.currency)).id);
    ids.add(await ledger.houseAccountId(HOUSE.REFERRAL_EXPENSE, r.currency, r.id, tx));
  }
  if (ids.size === 0) return;
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Vests the referrer's share of one turnover row, inside the sync's transaction. */
export async function vestReferralShare(
  tx: Tx,
  ledger: Ledger,
  rules: InviteRules,
  row: PlayedTurnover,
): Promise<EarnResult> {
  const share = shareOf(rules, row);
  if (share <= 0n || !row.referrer) return null;
  return bookShare(tx, ledger, {
    referrerId: row.referrer.id,
    inviteeId: row.inviteeId,
    amount: share,
    currency: row.currency,
    at: row.at,
    source: { turnoverId: row.turnoverId },
  });
}

/**
 * A share booked straight on a deposit, the rule before play-through (decision 051). Deposits no
 * longer call it; only the demo seed does, for its invitee's earlier earning.
 */
export async function earnReferralShare(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deposit: DepositCredited,
): Promise<EarnResult> {
  const referrer = await createInviteRepository(ctx.db).referrerOf(deposit.memberId);
  if (!referrer || referrer.currency !== deposit.currency) return null;
  const rules = await inviteRulesOf(createSettingsRepository(ctx.db));
  if (!rules.isActive) return null;
  const share = percentOf(deposit.amount, rules.sharePercent);
  if (share <= 0n) return null;
  const ledger = createLedger(ctx);
  return ctx.db.transaction((tx) =>
    bookShare(tx, ledger, {
      referrerId: referrer.id,
      inviteeId: deposit.memberId,
      amount: share,
      currency: deposit.currency,
      at: ctx.now(),
      source: { depositTransactionId: deposit.transactionId },
    }),
  );
}

/** The referrer's share vests as the invitee plays deposits through (subscribed by app.ts). */
export function referralShareOnPlay(ctx: AppContext): DepositPlayedSubscriber<InviteRules> {
  const ledger = createLedger(ctx);
  const settings = createSettingsRepository(ctx.db);
  return {
    rules: () => inviteRulesOf(settings),
    lock: (tx, rules, plays) =>
      lockShareAccounts(
        tx,
        ledger,
        plays.flatMap((p) => (p.referrer && shareOf(rules, p) > 0n ? [p.referrer] : [])),
      ),
    async vest(tx, rules, p) {
      await vestReferralShare(tx, ledger, rules, { ...p, inviteeId: p.memberId });
    },
  };
}
