// The money core every module goes through (DESIGN §4): a transaction row, then balanced postings
// whose member-side updates can never take a member account below zero. Each posting is one call
// of the ledger's SQL functions (migration 0008, decision 035): one round trip, whatever its size.
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { MONEY_NOT_ENOUGH_SQLSTATE, pgFailure } from '../../lib/pg-errors.ts';
import { createHouseAccounts } from './house-accounts.ts';
import { createLedgerRepository, type NewTransaction } from './ledger.repository.ts';

export type PostingLine = { accountId: number; amount: bigint };
export type OpenTransaction = Omit<NewTransaction, 'memberSeq' | 'id' | 'createdAt' | 'updatedAt'>;

/** Lines merged per account, checked to balance, in account id order (no deadlocks), zeros left out. */
export function postingOf(transactionId: number, lines: PostingLine[]): PostingLine[] {
  const merged = new Map<number, bigint>();
  for (const line of lines) merged.set(line.accountId, (merged.get(line.accountId) ?? 0n) + line.amount);
  let sum = 0n;
  for (const amount of merged.values()) sum += amount;
  if (sum !== 0n) throw new Error(`unbalanced posting for transaction ${transactionId}: ${sum}`);
  return [...merged.entries()]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => a - b)
    .map(([accountId, amount]) => ({ accountId, amount }));
}

/** A member account that would go below zero surfaces as MONEY_NOT_ENOUGH; anything else as it is. */
async function moneyGuarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgFailure(err)?.code === MONEY_NOT_ENOUGH_SQLSTATE) throw new AppError('MONEY_NOT_ENOUGH');
    throw err;
  }
}

export function createLedger(ctx: Pick<AppContext, 'db'>) {
  const repo = createLedgerRepository(ctx.db);
  const houseAccountId = createHouseAccounts(ctx.db);

  return {
    repo,
    houseAccountId,

    /** Writes the transaction row; a statement row takes the member's next sequence number. */
    async open(tx: Tx, t: OpenTransaction) {
      return repo.insertTransaction(tx, t);
    },

    /**
     * Posts lines that sum to zero. Accounts are updated in id order (no deadlocks); a member
     * account that would go below zero aborts the whole posting with MONEY_NOT_ENOUGH.
     */
    async post(tx: Tx, transactionId: number, lines: PostingLine[]) {
      const posting = postingOf(transactionId, lines);
      await moneyGuarded(() => repo.post(tx, transactionId, posting));
    },

    /** `open` and `post` as one atomic statement, for a movement that needs nothing else in its transaction. */
    async book(t: OpenTransaction, lines: PostingLine[], ex: Db | Tx = ctx.db) {
      const posting = postingOf(0, lines);
      return moneyGuarded(() => repo.book(ex, t, posting));
    },

    /**
     * Moves a transaction from one of `from` to `to` and posts `lines`, as one atomic statement.
     * Answers `to` when it moved; otherwise the status it already had, and nothing is posted.
     */
    async settle(id: number, from: string[], to: string, lines: PostingLine[]) {
      const posting = postingOf(id, lines);
      return moneyGuarded(() => repo.settle(id, from, to, posting));
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
