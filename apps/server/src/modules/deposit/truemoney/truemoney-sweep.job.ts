// The TrueMoney sweep (AUTO mode, docs/architecture.md §4): an interval worker over the house wallet's unprocessed
// incoming money. A transfer from a member's registered phone is credited to that member (when the
// deposit lookup offers an AUTO wallet and the member proved the phone by OTP; otherwise it waits in
// deposit_reviews for a person); a redeemed voucher not yet credited is credited to the
// member who redeemed it (a link request that died or lost TrueMoney's answer). The work list is
// TrueMoney's rows, taken with FOR UPDATE SKIP LOCKED, so several instances never double up and a
// restart loses nothing.
import { AUTO_MODE } from '@krapao/contracts/deposit';
import type { IncomingKind, IncomingMoney } from '../../../adapters/truemoney/truemoney.port.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import { createLookupService } from '../../lookup/index.ts';
import type { CreditIn } from '../credit.ts';
import { createTruemoneyRepository, transferReference } from './truemoney.repository.ts';
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
  const credits = createTruemoneyCredit(ctx);

  async function memberOf(tx: Tx, item: IncomingMoney) {
    if (item.kind === 'TRANSFER') return repo.memberByPhone(tx, item.fromPhone);
    return item.redeemedBy && /^\d{1,15}$/.test(item.redeemedBy) ? repo.memberById(tx, Number(item.redeemedBy)) : null;
  }

  /** One item, in a savepoint of the batch: answers whether it credited the item. */
  async function settle(tx: Tx, credit: CreditIn, item: IncomingMoney): Promise<boolean> {
    const member = await memberOf(tx, item);
    if (!member || member.currency !== TRUEMONEY_CURRENCY) {
      // Money no member of ours can be credited with: kept in the house wallet for an operator.
      await truemoney.markProcessed(tx, item.ref, 'NO_MEMBER');
      const from = item.kind === 'TRANSFER' ? { fromPhone: item.fromPhone } : { redeemedBy: item.redeemedBy };
      log.warn(
        { truemoney: item.kind, ref: item.ref, amount: item.amount.toString(), ...from },
        'truemoney: no member',
      );
      return false;
    }
    if (item.kind === 'TRANSFER' && !member.phoneVerifiedAt) {
      // Whoever registered a phone without proving it could be paid another person's transfer.
      await repo.holdForReview(tx, {
        ref: transferReference(item.ref),
        memberId: member.id,
        amount: item.amount,
        currency: member.currency,
        reason: UNPROVEN_PHONE,
        detail: { fromPhone: item.fromPhone },
      });
      await truemoney.markProcessed(tx, item.ref, 'REVIEW');
      log.warn(
        { truemoney: item.kind, ref: item.ref, memberId: member.id },
        'truemoney: unproven phone, held for review',
      );
      return false;
    }
    // Last in the savepoint: a credit is never rolled back after it was counted.
    return (await credits.creditIn(tx, credit, member.id, item)).credited;
  }

  /** One pass over up to BATCH items; answers how many it credited. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const deposit = await lookup.deposit();
    const kinds: IncomingKind[] = deposit.wallets.some((w) => w.mode === AUTO_MODE)
      ? ['VOUCHER', 'TRANSFER']
      : ['VOUCHER'];
    // The deposits credited are delivered to the deposit-credited subscribers after the batch commits.
    return credits.transaction(async (tx, credit) => {
      let credited = 0;
      const items = await truemoney.incoming(tx, { limit: BATCH, kinds });
      for (const item of items) {
        // Stopping: the items left stay unprocessed (their row locks go with this transaction).
        if (signal?.aborted) break;
        try {
          if (await tx.transaction((sp) => settle(sp, credit, item))) credited += 1;
        } catch (err) {
          // Left unprocessed: the next pass tries again; the other items go on.
          log.error({ err, truemoney: item.kind, ref: item.ref }, 'truemoney: crediting failed');
        }
      }
      return credited;
    });
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type TruemoneySweep = ReturnType<typeof createTruemoneySweep>;
