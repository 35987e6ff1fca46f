// The member accounts that hold money on its way to the wallet (docs/architecture.md §3.1): INVITE (referral
// shares waiting to be claimed) and REFUND (cashback received, waiting to be added). They are
// ledger MEMBER accounts, so they never go below zero; the wallet screen does not count them.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { memberChanged } from '../../lib/member-changes.ts';

export const INVITE_ACCOUNT = 'INVITE';
export const REFUND_ACCOUNT = 'REFUND';
export type HoldingCode = typeof INVITE_ACCOUNT | typeof REFUND_ACCOUNT;

/**
 * The member's account with that code, created on first use (a parallel creator is harmless).
 * Not locked: the posting locks it, in account id order like every posting.
 */
export async function ensureMemberAccount(tx: Tx, memberId: number, code: HoldingCode, currency: string) {
  const opened = await tx
    .insert(ledgerAccounts)
    .values({ memberId, kind: 'MEMBER', code, currency })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (opened.length > 0) memberChanged(tx, { members: [memberId] });
  const [account] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency)),
    )
    .limit(1);
  if (!account) throw new Error(`member ${memberId} has no ${code} account`);
  return account;
}

/**
 * The account row locked until the transaction ends (a claim reads the balance it moves), or
 * null when the member never had one. Take the member row lock first (the ledger's lock order).
 */
export async function lockedMemberAccount(tx: Tx, memberId: number, code: HoldingCode, currency: string) {
  const [row] = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency)),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The balance without a lock (0 when there is no account): what the screens show. */
export async function memberAccountBalance(
  db: Pick<Tx, 'select'>,
  memberId: number,
  code: HoldingCode,
  currency: string,
): Promise<bigint> {
  const [row] = await db
    .select({ balance: sql<string>`${ledgerAccounts.balance}::text` })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency)),
    )
    .limit(1);
  return row ? BigInt(row.balance) : 0n;
}
