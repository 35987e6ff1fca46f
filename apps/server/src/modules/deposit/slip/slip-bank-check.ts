// A hand credit names a bank transfer; before anything changes, the bank's statement must show it:
// under that sending bank and reference, for exactly that amount in the slip's currency, into one of
// the house's receiving accounts. A statement that cannot be read refuses the credit as retryable.
import type { Currency } from '@krapao/contracts/constants';
import { BankFeedUnavailable, type FeedTransfer } from '../../../adapters/bank-feed/bank-feed.port.ts';
import { receivingAccountOf, receivingAccounts } from '../../../adapters/bank-feed/receiving-accounts.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordCallFailure } from '../../../lib/party-failures.ts';
import { createLookupService } from '../../lookup/index.ts';

/** Why the statement does not back a hand credit (OPS_NOT_ON_STATEMENT's `reason`). */
export type StatementMismatch = 'not-found' | 'amount' | 'account';

export type NamedTransfer = { sendingBank: string; transRef: string; amount: bigint; currency: Currency };

export function createSlipBankCheck(ctx: AppContext) {
  const lookup = createLookupService(ctx);

  /** The statement's transfer; OPS_NOT_ON_STATEMENT when it does not match, OPS_BANK_UNAVAILABLE when unreadable. */
  return async function onStatement(named: NamedTransfer): Promise<FeedTransfer> {
    let transfer: FeedTransfer | null;
    try {
      transfer = await ctx.payments.bankFeed.findTransfer({ sendingBank: named.sendingBank, transRef: named.transRef });
    } catch (err) {
      if (!(err instanceof BankFeedUnavailable)) throw err;
      await recordCallFailure(ctx, 'bank_feed', err);
      throw new AppError('OPS_BANK_UNAVAILABLE');
    }
    const refuse = (reason: StatementMismatch) => new AppError('OPS_NOT_ON_STATEMENT', { reason });
    if (!transfer) throw refuse('not-found');
    if (transfer.amount !== named.amount || transfer.currency !== named.currency) throw refuse('amount');
    const house = receivingAccountOf(
      receivingAccounts(await lookup.deposit()),
      transfer.toAccountNo,
      transfer.toBankCode,
    );
    if (!house || house.currency !== named.currency) throw refuse('account');
    return transfer;
  };
}
export type SlipBankCheck = ReturnType<typeof createSlipBankCheck>;
