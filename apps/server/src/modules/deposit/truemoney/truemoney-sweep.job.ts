// The TrueMoney sweep (AUTO mode, docs/architecture.md §4): an interval worker over the house wallet's unprocessed
// incoming money. A transfer from a member's registered phone is credited to that member (when the
// deposit lookup offers an AUTO wallet and the member proved the phone by OTP; otherwise it waits in
// deposit_reviews for a person); a redeemed voucher not yet credited is credited to the
// member who redeemed it (a link request that died or lost TrueMoney's answer). Money no member
// matches waits in deposit_reviews too (the console's deposits queue). The work list is
// TrueMoney's rows, taken with FOR UPDATE SKIP LOCKED, so several instances never double up and a
// restart loses nothing.
import { AUTO_MODE } from '@krapao/contracts/deposit';
import type { IncomingKind, IncomingMoney } from '../../../adapters/truemoney/truemoney.port.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import { createLookupService } from '../../lookup/index.ts';
import { publishOpsQueue } from '../../ops-live/index.ts';
import type { CreditIn } from '../credit.ts';
import { createDepositReviewRepository } from '../deposit-review.repository.ts';
import { createTruemoneyRepository, referenceOf, TRUEMONEY_SOURCE } from './truemoney.repository.ts';
import { createTruemoneyCredit, TRUEMONEY_CURRENCY } from './truemoney-credit.ts';

const BATCH = 20;
/** The review reason of a transfer from a phone its member never proved by OTP. */
export const UNPROVEN_PHONE = 'unproven-phone';

type Log = {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
};

export function createTruemoneySweep(ctx: AppContext, log: Log) {
  const truemoney = ctx.payments.truemoney;
  const lookup = createLookupService(ctx);
  const repo = createTruemoneyRepository(ctx.db);
  const reviews = createDepositReviewRepository(ctx.db);
  const credits = createTruemoneyCredit(ctx);

  async function memberOf(tx: Tx, item: IncomingMoney) {
    if (item.kind === 'TRANSFER') return repo.memberByPhone(tx, item.fromPhone);
    return item.redeemedBy && /^\d{1,15}$/.test(item.redeemedBy) ? repo.memberById(tx, Number(item.redeemedBy)) : null;
  }

  /** One item, in a savepoint of the batch: answers whether it credited the item, and the review it was held in. */
  async function settle(
    tx: Tx,
    credit: CreditIn,
    item: IncomingMoney,
  ): Promise<{ credited: boolean; held: number | null }> {
    const member = await memberOf(tx, item);
    const from = item.kind === 'TRANSFER' ? { fromPhone: item.fromPhone } : { redeemedBy: item.redeemedBy };
    if (!member || member.currency !== TRUEMONEY_CURRENCY) {
      // Money no member of ours can be credited with: kept in the house wallet for an operator.
      const held = await reviews.hold(tx, {
        kind: TRUEMONEY_SOURCE,
        ref: referenceOf(item),
        memberId: null,
        amount: item.amount,
        currency: TRUEMONEY_CURRENCY,
        reason: member ? 'currency-mismatch' : 'unmatched',
        detail: { truemoney: item.kind, ...from, at: item.at.toISOString() },
        createdAt: ctx.now(),
      });
      await truemoney.markProcessed(tx, item.ref, 'NO_MEMBER');
      log.warn(
        { truemoney: item.kind, ref: item.ref, amount: item.amount.toString(), ...from },
        'truemoney: no member',
      );
      return { credited: false, held };
    }
    if (item.kind === 'TRANSFER' && !member.phoneVerifiedAt) {
      // Whoever registered a phone without proving it could be paid another person's transfer.
      const held = await reviews.hold(tx, {
        kind: TRUEMONEY_SOURCE,
        ref: referenceOf(item),
        memberId: member.id,
        amount: item.amount,
        currency: member.currency,
        reason: UNPROVEN_PHONE,
        detail: { ...from, at: item.at.toISOString() },
        createdAt: ctx.now(),
      });
      await truemoney.markProcessed(tx, item.ref, 'REVIEW');
      log.warn(
        { truemoney: item.kind, ref: item.ref, memberId: member.id },
        'truemoney: unproven phone, held for review',
      );
      return { credited: false, held };
    }
    // Last in the savepoint: a credit is never rolled back after it was counted.
    return { credited: (await credits.creditIn(tx, credit, member.id, item)).credited, held: null };
  }

  /** One pass over up to BATCH items; answers how many it credited. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const deposit = await lookup.deposit();
    const kinds: IncomingKind[] = deposit.wallets.some((w) => w.mode === AUTO_MODE)
      ? ['VOUCHER', 'TRANSFER']
      : ['VOUCHER'];
    const held: number[] = [];
    // The deposits credited are delivered to the deposit-credited subscribers after the batch commits.
    const credited = await credits.transaction(async (tx, credit) => {
      let count = 0;
      const items = await truemoney.incoming(tx, { limit: BATCH, kinds });
      for (const item of items) {
        // Stopping: the items left stay unprocessed (their row locks go with this transaction).
        if (signal?.aborted) break;
        try {
          const settled = await tx.transaction((sp) => settle(sp, credit, item));
          if (settled.credited) count += 1;
          if (settled.held !== null) held.push(settled.held);
        } catch (err) {
          // Left unprocessed: the next pass tries again; the other items go on.
          log.error({ err, truemoney: item.kind, ref: item.ref }, 'truemoney: crediting failed');
        }
      }
      return count;
    });
    for (const id of held) publishOpsQueue(ctx, { queue: 'deposits', id: String(id), change: 'added' });
    await reviews.closeCreditedElsewhere(TRUEMONEY_SOURCE, ctx.now());
    return credited;
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type TruemoneySweep = ReturnType<typeof createTruemoneySweep>;
