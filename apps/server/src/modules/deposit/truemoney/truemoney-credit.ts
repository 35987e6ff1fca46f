// Crediting money that reached the house TrueMoney wallet: the item is marked processed and the
// member credited in one database transaction, so it is credited once whoever gets there first (the
// link route or the sweep). TrueMoney's row is locked before our reference is claimed, in both paths,
// so the two never wait on each other in opposite order.
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { type CreditIn, type CreditResult, createDepositCredit, type DepositCredit } from '../credit.ts';
import { TRUEMONEY_SOURCE, transferReference, voucherReference } from './truemoney.repository.ts';

export type TruemoneyItem = { kind: 'VOUCHER' | 'TRANSFER'; ref: string; amount: bigint };

/** Deposits from TrueMoney are in baht. */
export const TRUEMONEY_CURRENCY = 'BAHT';

export function depositOf(memberId: number, item: TruemoneyItem): DepositCredit {
  const isVoucher = item.kind === 'VOUCHER';
  return {
    memberId,
    amount: item.amount,
    currency: TRUEMONEY_CURRENCY,
    source: TRUEMONEY_SOURCE,
    reference: isVoucher ? voucherReference(item.ref) : transferReference(item.ref),
    fromCode: 'TRUEMONEY',
    description: isVoucher ? 'TrueMoney gift link' : 'TrueMoney wallet transfer',
    metadata: { truemoney: item.kind },
  };
}

export function createTruemoneyCredit(ctx: AppContext) {
  const deposits = createDepositCredit(ctx);
  const truemoney = ctx.payments.truemoney;

  /** Inside a crediting transaction (credit.ts `transaction`). */
  async function creditIn(tx: Tx, credit: CreditIn, memberId: number, item: TruemoneyItem): Promise<CreditResult> {
    await truemoney.markProcessed(tx, item.ref, `CREDITED:${memberId}`);
    return credit(tx, depositOf(memberId, item));
  }

  return {
    creditIn,
    /** A crediting transaction; its deposits are delivered to the deposit-credited subscribers after the commit. */
    transaction: deposits.transaction,
    /** In its own transaction, then its deposit-credited delivery. */
    credit(memberId: number, item: TruemoneyItem): Promise<CreditResult> {
      return deposits.transaction((tx, credit) => creditIn(tx, credit, memberId, item));
    },
  };
}
