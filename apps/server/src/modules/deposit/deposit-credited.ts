// The "deposit credited" event (decisions 054, 058): every deposit, by any channel, is credited
// through credit.ts, and its ledger transaction is the event's record (metadata `rulesApplied`
// absent until it was delivered). After the crediting transaction commits the subscribers run, in
// the order they subscribed, then the record is marked; the catch-up job
// (deposit-rules-catch-up.job.ts) delivers again any deposit a dead process left unmarked. The
// bonus module subscribes at app start (app.ts), so the deposit module never imports it for this.
import type { Currency } from '@krapao/contracts/constants';
import type { AppContext } from '../../context.ts';
import { markRulesApplied } from './deposit-credited.repository.ts';

export type DepositCredited = {
  memberId: number;
  /** Minor units of the member's currency. */
  amount: bigint;
  currency: Currency;
  /** The deposit's ledger transaction. */
  transactionId: number;
};

export type DepositCreditedSubscriber = {
  /** After the commit, or again from the catch-up job: idempotent per deposit transaction. */
  credited(deposit: DepositCredited): Promise<void>;
};

const subscribersOf = new WeakMap<AppContext, DepositCreditedSubscriber[]>();

/** Subscribes for the lifetime of this app context; subscribers run in the order they subscribed. */
export function onDepositCredited(ctx: AppContext, subscriber: DepositCreditedSubscriber): void {
  const list = subscribersOf.get(ctx) ?? [];
  list.push(subscriber);
  subscribersOf.set(ctx, list);
}

export function depositCreditedSubscribers(ctx: AppContext): readonly DepositCreditedSubscriber[] {
  return subscribersOf.get(ctx) ?? [];
}

/** Delivers one credited deposit, then marks its record; a subscriber that throws leaves it unmarked. */
export async function deliverDepositCredited(ctx: AppContext, deposit: DepositCredited): Promise<void> {
  for (const subscriber of depositCreditedSubscribers(ctx)) await subscriber.credited(deposit);
  await markRulesApplied(ctx.db, deposit.transactionId);
}
