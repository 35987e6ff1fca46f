// The money core every module goes through (DESIGN §4): a transaction row, then balanced postings
// whose member-side updates can never take a member account below zero.
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createHouseAccounts } from './house-accounts.ts';
import { createLedgerRepository, type NewTransaction } from './ledger.repository.ts';

export type PostingLine = { accountId: number; amount: bigint };
export type OpenTransaction = Omit<NewTransaction, 'memberSeq' | 'id' | 'createdAt' | 'updatedAt'>;

export function createLedger(ctx: Pick<AppContext, 'db'>) {
  const repo = createLedgerRepository(ctx.db);
  const houseAccountId = createHouseAccounts(ctx.db);

  return {
    repo,
    houseAccountId,

    /** Writes the transaction row; a statement row takes the member's next sequence number. */
    async open(tx: Tx, t: OpenTransaction) {
      const memberSeq = t.statementType && t.memberId ? await repo.nextMemberSeq(tx, t.memberId) : null;
      return repo.insertTransaction(tx, { ...t, memberSeq });
    },

    /**
     * Posts lines that sum to zero. Accounts are updated in id order (no deadlocks); a member
     * account that would go below zero aborts the whole posting with MONEY_NOT_ENOUGH.
     */
    async post(tx: Tx, transactionId: number, lines: PostingLine[]) {
      const merged = new Map<number, bigint>();
      for (const line of lines) merged.set(line.accountId, (merged.get(line.accountId) ?? 0n) + line.amount);
      let sum = 0n;
      for (const amount of merged.values()) sum += amount;
      if (sum !== 0n) throw new Error(`unbalanced posting for transaction ${transactionId}: ${sum}`);
      const entries = [];
      for (const [accountId, amount] of [...merged.entries()].sort(([a], [b]) => a - b)) {
        if (amount === 0n) continue;
        const balanceAfter = await repo.applyDelta(tx, accountId, amount);
        if (balanceAfter === null) throw new AppError('MONEY_NOT_ENOUGH');
        entries.push({ transactionId, accountId, amount, balanceAfter });
      }
      await repo.insertEntries(tx, entries);
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
