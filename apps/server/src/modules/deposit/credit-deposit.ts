// The one way money enters a wallet from outside (DESIGN §4, §5): a QR paid at a gateway, a
// verified slip, a bank-feed transfer, a TrueMoney voucher or wallet transfer. The outside
// reference is recorded in the same database transaction as the posting, so it credits once.
import type { Currency } from '@krapao/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { depositReferences } from '../../db/schema/deposits.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { afterDepositCredited } from './deposit-rules.ts';

/** QR: a gateway order. BANK: one bank transfer (slip, feed or notice). TRUEMONEY: voucher or transfer. */
export type DepositSource = 'QR' | 'BANK' | 'TRUEMONEY';

export type DepositCredit = {
  memberId: number;
  /** Minor units of the member's currency. */
  amount: bigint;
  currency: Currency;
  source: DepositSource;
  /** The outside party's reference: unique per source across all members. */
  reference: string;
  /** How it came in, for the statement's from column: QR code, bank code, TRUEMONEY. */
  fromCode: string;
  description?: string;
  metadata?: Record<string, unknown>;
};

export type CreditResult = { credited: true; transactionId: number } | { credited: false; byMemberId: number };

export function createDepositCredit(ctx: AppContext) {
  const ledger = createLedger(ctx);

  /** Inside the caller's transaction; `credited: false` when the reference was already used. */
  async function creditIn(tx: Tx, d: DepositCredit): Promise<CreditResult> {
    const [claimed] = await tx
      .insert(depositReferences)
      .values({ source: d.source, reference: d.reference, memberId: d.memberId })
      .onConflictDoNothing()
      .returning({ memberId: depositReferences.memberId });
    if (!claimed) {
      const [first] = await tx
        .select({ memberId: depositReferences.memberId })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, d.source), eq(depositReferences.reference, d.reference)));
      ctx.metrics?.deposit(d.source, 'duplicate');
      return { credited: false, byMemberId: first?.memberId ?? 0 };
    }
    // Deposited money must be played through once (decision 055). The member row is taken before
    // the accounts: the lock order of every money path.
    await tx
      .update(members)
      .set({ unplayed: sql`${members.unplayed} + ${d.amount.toString()}::bigint` })
      .where(eq(members.id, d.memberId));
    const wallet = await ledger.repo.memberAccount(d.memberId, 'WALLET', tx);
    if (!wallet) throw new Error(`member ${d.memberId} has no WALLET`);
    const clearing = await ledger.houseAccountId(HOUSE.DEPOSITS_CLEARING, d.currency, d.memberId, tx);
    const t = await ledger.open(tx, {
      memberId: d.memberId,
      type: 'DEPOSIT',
      status: 'SUCCESS',
      statementType: 'deposit',
      fromCode: d.fromCode,
      toCode: 'WALLET',
      amount: d.amount,
      currency: d.currency,
      idempotencyKey: `${d.source}:${d.reference}`,
      description: d.description ?? null,
      metadata: { source: d.source, reference: d.reference, ...d.metadata },
    });
    await ledger.post(tx, t.id, [
      { accountId: clearing, amount: -d.amount },
      { accountId: wallet.id, amount: d.amount },
    ]);
    await tx
      .update(depositReferences)
      .set({ transactionId: t.id })
      .where(and(eq(depositReferences.source, d.source), eq(depositReferences.reference, d.reference)));
    ctx.metrics?.deposit(d.source, 'credited');
    return { credited: true, transactionId: t.id };
  }

  return {
    creditIn,
    /** In its own transaction, then the house rules that follow a deposit. */
    async credit(d: DepositCredit): Promise<CreditResult> {
      const result = await ctx.db.transaction((tx) => creditIn(tx, d));
      if (result.credited) await afterDepositCredited(ctx, { ...d, transactionId: result.transactionId });
      return result;
    },
  };
}
export type DepositCreditService = ReturnType<typeof createDepositCredit>;
