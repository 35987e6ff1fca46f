// The money core every module goes through (docs/architecture.md §3.1): a transaction row, then balanced postings
// whose member-side updates can never take a member account below zero. Each posting is one call
// of the ledger's SQL functions (migration 0008, decision 035): one round trip, whatever its size.
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberChanged } from '../../lib/member-changes.ts';
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

/** Tells the member views (lib/member-changes.ts) which balances a posting moved, once it is committed. */
function moved(ex: Db | Tx, posting: PostingLine[], memberId?: number | null) {
  memberChanged(ex, { accounts: posting.map((l) => l.accountId), members: memberId ? [memberId] : [] });
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

  /** `open` and `post` as one atomic statement, for a movement that needs nothing else in its transaction. */
  async function book(t: OpenTransaction, lines: PostingLine[], ex: Db | Tx = ctx.db) {
    const posting = postingOf(0, lines);
    const row = await moneyGuarded(() => repo.book(ex, t, posting));
    moved(ex, posting, t.memberId);
    return row;
  }

  return {
    houseAccountId,

    /** The member's account with that code (WALLET, a game, INVITE, REFUND), or null. Not locked. */
    memberAccount(memberId: number, code: string, tx?: Tx) {
      return repo.memberAccount(memberId, code, tx);
    },

    /** Every account of the member, unlocked: what the screens show. */
    memberAccounts(memberId: number) {
      return repo.memberAccounts(memberId);
    },

    /**
     * Locks the member rows until the transaction ends: the first step of every money path. The lock
     * order, written here once, so that two paths never wait on each other in a circle:
     *   1. the member rows, in id order (here; a deposit's `members.unplayed` update takes the same lock);
     *   2. the member's ACTIVE credit condition (the condition engine, modules/bonus);
     *   3. the ledger accounts, in id order (`post` sorts a posting's; an account locked ahead of its
     *      posting, like a claim's INVITE or REFUND account, comes here too).
     * Answers the ids that exist, in id order.
     */
    lockMembers(tx: Tx, ids: number[]): Promise<number[]> {
      return repo.lockMembers(tx, ids);
    },

    /** One member's row lock: step 1 of the lock order (`lockMembers`); false when there is no such member. */
    async lockMember(tx: Tx, memberId: number): Promise<boolean> {
      return (await repo.lockMembers(tx, [memberId])).length === 1;
    },

    /**
     * Writes the transaction row; a statement row takes the member's next sequence number. `at` dates
     * it (a seed or a test booking the past); the default is now.
     */
    async open(tx: Tx, t: OpenTransaction, at?: Date) {
      return repo.insertTransaction(tx, at ? { ...t, createdAt: at, updatedAt: at } : t);
    },

    /**
     * Posts lines that sum to zero. Accounts are updated in id order (no deadlocks); a member
     * account that would go below zero aborts the whole posting with MONEY_NOT_ENOUGH.
     */
    async post(tx: Tx, transactionId: number, lines: PostingLine[]) {
      const posting = postingOf(transactionId, lines);
      await moneyGuarded(() => repo.post(tx, transactionId, posting));
      moved(tx, posting);
    },

    book,

    /**
     * Holds money while an outside party acts on it (a game provider's transfer, the bank's payout):
     * a PENDING transaction that moves its amount from a member account into a house account
     * (TRANSIT, WITHDRAWALS_PAYABLE), as one statement. `settle`, or `post` and `setStatus`, ends it.
     */
    async hold(t: Omit<OpenTransaction, 'status'>, fromAccountId: number, toAccountId: number, ex?: Db | Tx) {
      return book(
        { ...t, status: 'PENDING' },
        [
          { accountId: fromAccountId, amount: -t.amount },
          { accountId: toAccountId, amount: t.amount },
        ],
        ex,
      );
    },

    /**
     * `hold` under the member row lock, as one statement, unless a protection gate applies to the
     * member at `at` (an exclusion or a loss limit in force): then nothing is written and null is
     * answered, and the caller runs the gates in a transaction of its own before holding.
     */
    async holdUngated(at: Date, t: Omit<OpenTransaction, 'status'>, fromAccountId: number, toAccountId: number) {
      const posting = postingOf(0, [
        { accountId: fromAccountId, amount: -t.amount },
        { accountId: toAccountId, amount: t.amount },
      ]);
      const row = await moneyGuarded(() => repo.bookUngated(at, { ...t, status: 'PENDING' }, posting));
      if (row) moved(ctx.db, posting, t.memberId);
      return row;
    },

    /**
     * Moves a transaction from one of `from` to `to` and posts `lines`, as one atomic statement.
     * Answers `to` when it moved; otherwise the status it already had, and nothing is posted.
     */
    async settle(id: number, from: string[], to: string, lines: PostingLine[]) {
      const posting = postingOf(id, lines);
      const status = await moneyGuarded(() => repo.settle(id, from, to, posting));
      if (status === to) moved(ctx.db, posting);
      return status;
    },

    /**
     * Moves a transaction from one of `from` to `to` inside the caller's transaction, merging
     * `metadata` into its own; false when it was not in `from` any more. Posts nothing.
     */
    setStatus(tx: Tx, id: number, from: string[], to: string, metadata?: Record<string, unknown>) {
      return repo.setStatus(tx, id, from, to, metadata);
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
