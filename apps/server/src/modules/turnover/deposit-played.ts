// The "deposit played" event (decision 055): when a turnover range plays a member's deposited money
// through, the rewards that vest on play (the referrer's share, spin coins) are booked in the same
// transaction. Turnover owns the event; the invite and spin modules subscribe at app start
// (app.ts), so turnover never imports them.
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';

/** One member's share of a counted range, as the sync planned it under the member row lock. */
export type PlannedPlay = {
  memberId: number;
  currency: string;
  /** The part of the range that plays deposited money through (at most the member's unplayed). */
  played: bigint;
  /** The member's referrer and the referrer's currency, when there is one. */
  referrer: { id: number; currency: string } | null;
};

/** One member_turnover row that played deposited money through (played > 0). */
export type DepositPlayed = PlannedPlay & { turnoverId: number; at: Date };

export type DepositPlayedSubscriber<Rules = unknown> = {
  /** Settings read before the counting transaction (one connection in tests). */
  rules(): Promise<Rules>;
  /**
   * After the member rows are locked and before any row is written: lock what `vest` will post to,
   * in id order (the ledger's lock order, `lockMembers`).
   */
  lock?(tx: Tx, rules: Rules, plays: PlannedPlay[]): Promise<void>;
  /** Books the reward of one played row, inside the counting transaction. */
  vest(tx: Tx, rules: Rules, played: DepositPlayed): Promise<void>;
};

const subscribersOf = new WeakMap<AppContext, DepositPlayedSubscriber[]>();

/** Subscribes for the lifetime of this app context; subscribers run in the order they subscribed. */
export function onDepositPlayed<Rules>(ctx: AppContext, subscriber: DepositPlayedSubscriber<Rules>): void {
  const list = subscribersOf.get(ctx) ?? [];
  list.push(subscriber as DepositPlayedSubscriber);
  subscribersOf.set(ctx, list);
}

export function depositPlayedSubscribers(ctx: AppContext): readonly DepositPlayedSubscriber[] {
  return subscribersOf.get(ctx) ?? [];
}
