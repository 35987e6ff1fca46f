// The one way money enters a wallet from outside (decision 040): a QR paid at a gateway, a verified
// slip, a bank transfer (bank feed or notice), a TrueMoney voucher or wallet transfer, and the
// settled bookings of the seeds and tests. The outside reference is claimed in deposit_references in
// the same database transaction as the posting, so it credits once. The deposit's ledger
// transaction is the deposit-credited event's record, delivered after the commit (deposit-credited.ts).
import type { Currency } from '@krapao/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { depositReferences } from '../../db/schema/deposits.ts';
import { publishMemberLive } from '../../lib/member-live.ts';
import { createLedger, HOUSE, type Ledger } from '../ledger/index.ts';
import { forgetReceivedToday } from '../lookup/index.ts';
import { notePassedLimits } from '../protection/index.ts';
import { type DepositCredited, deliverDepositCredited } from './deposit-credited.ts';

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
  /** The house account a bank transfer went to, when the channel knows it: counts to its daily cap. */
  toAccountNo?: string | null;
  description?: string;
  metadata?: Record<string, unknown>;
};

/** Not credited: the reference credited `byMemberId` already, or staff refused it as not ours (null). */
export type CreditResult = { credited: true; transactionId: number } | { credited: false; byMemberId: number | null };

/** Credits one deposit inside a crediting transaction (the transaction or a savepoint of it). */
export type CreditIn = (tx: Tx, d: DepositCredit) => Promise<CreditResult>;

type Posting = Pick<DepositCredit, 'memberId' | 'amount' | 'currency' | 'fromCode'> & {
  idempotencyKey: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
};

type Claim = Pick<DepositCredit, 'source' | 'reference' | 'memberId' | 'amount'> & {
  transactionId?: number;
  /** Digits only; null when the channel does not know the receiving account. */
  toAccountNo: string | null;
  createdAt?: Date;
};

/** The QR a gateway deposit paid, as its channel recorded it in the metadata. */
function qrcodeIdOf(metadata: Record<string, unknown> | undefined): string | undefined {
  const id = metadata?.qrcodeId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The receiving account as deposit_references records it: its digits, or null. */
const accountNoOf = (accountNo: string | null | undefined) => accountNo?.replace(/\D/g, '') || null;

/** Claims an outside reference for a member; false when it was claimed already (by anyone). */
async function claimReference(tx: Tx, claim: Claim) {
  const [claimed] = await tx
    .insert(depositReferences)
    .values(claim)
    .onConflictDoNothing()
    .returning({ memberId: depositReferences.memberId });
  return claimed !== undefined;
}

/** DEPOSITS_CLEARING → the member's WALLET, SUCCESS at once; answers the ledger transaction's id. */
async function postDeposit(tx: Tx, ledger: Ledger, p: Posting): Promise<number> {
  // Deposited money must be played through once (decision 055). The member row is taken before
  // the accounts: the lock order of every money path.
  await tx
    .update(members)
    .set({ unplayed: sql`${members.unplayed} + ${p.amount.toString()}::bigint` })
    .where(eq(members.id, p.memberId));
  const wallet = await ledger.memberAccount(p.memberId, 'WALLET', tx);
  if (!wallet) throw new Error(`member ${p.memberId} has no WALLET`);
  const clearing = await ledger.houseAccountId(HOUSE.DEPOSITS_CLEARING, p.currency, p.memberId, tx);
  const t = await ledger.open(tx, {
    memberId: p.memberId,
    type: 'DEPOSIT',
    status: 'SUCCESS',
    statementType: 'deposit',
    fromCode: p.fromCode,
    toCode: 'WALLET',
    amount: p.amount,
    currency: p.currency,
    idempotencyKey: p.idempotencyKey,
    description: p.description,
    metadata: p.metadata,
  });
  await ledger.post(tx, t.id, [
    { accountId: clearing, amount: -p.amount },
    { accountId: wallet.id, amount: p.amount },
  ]);
  return t.id;
}

export function createDepositCredit(ctx: AppContext) {
  const ledger = createLedger(ctx);

  /** `credited: false` when the reference was already used. */
  async function creditIn(tx: Tx, d: DepositCredit): Promise<CreditResult> {
    const toAccountNo = accountNoOf(d.toAccountNo);
    const claim = { source: d.source, reference: d.reference, memberId: d.memberId, amount: d.amount, toAccountNo };
    if (!(await claimReference(tx, { ...claim, createdAt: ctx.now() }))) {
      const [first] = await tx
        .select({ memberId: depositReferences.memberId })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, d.source), eq(depositReferences.reference, d.reference)));
      ctx.metrics?.deposit(d.source, 'duplicate');
      return { credited: false, byMemberId: first?.memberId ?? null };
    }
    const transactionId = await postDeposit(tx, ledger, {
      ...d,
      idempotencyKey: `${d.source}:${d.reference}`,
      description: d.description ?? null,
      // No `rulesApplied` yet: the deposit-credited event is still to be delivered.
      metadata: { source: d.source, reference: d.reference, ...d.metadata },
    });
    // Money that arrived is credited whatever the member's deposit limits; passing one is recorded.
    await notePassedLimits(tx, d.memberId, ctx.now());
    await tx
      .update(depositReferences)
      .set({ transactionId })
      .where(and(eq(depositReferences.source, d.source), eq(depositReferences.reference, d.reference)));
    ctx.metrics?.deposit(d.source, 'credited');
    return { credited: true, transactionId };
  }

  /**
   * One database transaction that may credit deposits: `work` changes the channel's own rows
   * (a QR's PAID mark, a slip's result, a feed row's processed mark) beside the `credit` calls. A
   * credit inside a savepoint comes last in it, so a savepoint that rolls back never holds one.
   * After the commit, every deposit credited is delivered to the deposit-credited subscribers, in order,
   * and its member's app is told (a live event; for a paid QR with the QR's id).
   */
  async function transaction<T>(work: (tx: Tx, credit: CreditIn) => Promise<T>): Promise<T> {
    const credited: (DepositCredited & { qrcodeId?: string })[] = [];
    let countsToCap = false;
    const value = await ctx.db.transaction((tx) =>
      work(tx, async (inner, d) => {
        const result = await creditIn(inner, d);
        if (result.credited) {
          countsToCap ||= accountNoOf(d.toAccountNo) !== null;
          const { memberId, amount, currency } = d;
          const qrcodeId = d.source === 'QR' ? qrcodeIdOf(d.metadata) : undefined;
          credited.push({ memberId, amount, currency, transactionId: result.transactionId, qrcodeId });
        }
        return result;
      }),
    );
    if (countsToCap) forgetReceivedToday(ctx.db);
    try {
      for (const deposit of credited) await deliverDepositCredited(ctx, deposit);
    } finally {
      for (const { memberId, amount, currency, qrcodeId } of credited) {
        publishMemberLive(ctx, memberId, { kind: 'deposit', amount, currency, qrcodeId });
      }
    }
    return value;
  }

  return {
    transaction,
    /** One deposit in its own transaction, then its deposit-credited delivery. */
    credit(d: DepositCredit): Promise<CreditResult> {
      return transaction((tx, credit) => credit(tx, d));
    },
  };
}
export type DepositCreditService = ReturnType<typeof createDepositCredit>;

/**
 * A settled bank deposit booked straight into a member's WALLET: the demo seed and the tests use
 * it. It claims its deposit reference like any deposit (source BANK, `BOOKED:<transaction id>`), so
 * ledger:check traces the credit, and it must be played through once (decision 055) before a
 * withdrawal of it is paid at once. Seed and test money, not a member's deposit: it is recorded as
 * `rulesApplied`, and no deposit-credited subscriber runs for it.
 */
export async function bookDeposit(
  db: Db,
  input: { memberId: number; amount: bigint; currency: string; idempotencyKey?: string; description?: string },
) {
  const ledger = createLedger({ db });
  await db.transaction(async (tx) => {
    const transactionId = await postDeposit(tx, ledger, {
      memberId: input.memberId,
      amount: input.amount,
      currency: input.currency as Currency,
      fromCode: 'BANK',
      idempotencyKey: input.idempotencyKey ?? null,
      description: input.description ?? null,
      metadata: { rulesApplied: true },
    });
    const reference = `BOOKED:${transactionId}`;
    const claim = {
      source: 'BANK' as const,
      reference,
      memberId: input.memberId,
      amount: input.amount,
      toAccountNo: null,
    };
    if (!(await claimReference(tx, { ...claim, transactionId }))) {
      throw new Error(`deposit reference ${reference} already claimed`);
    }
  });
}
