// SQL of stuck transfers: the console's list, taking one transfer with the reconciler's lease, and the
// notes each unanswered reconciliation attempt leaves in the transfer's metadata. No rules here.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { games } from '../../db/schema/games.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';

export const UNSETTLED = ['PENDING', 'UNKNOWN'];

type TransferRow = typeof ledgerTransactions.$inferSelect;

export type StuckTransfer = {
  t: TransferRow;
  username: string;
  name: string;
  gameName: string | null;
  provider: string | null;
};

const isTransfer = eq(ledgerTransactions.type, 'TRANSFER');
/** The same work list as the reconciler's claim: UNKNOWN, or PENDING whose process had time to finish. */
const claimable = (pendingBefore: Date) =>
  or(
    eq(ledgerTransactions.status, 'UNKNOWN'),
    and(eq(ledgerTransactions.status, 'PENDING'), lt(ledgerTransactions.updatedAt, pendingBefore)),
  );
const leaseFree = (now: Date) => or(isNull(ledgerTransactions.leaseUntil), lt(ledgerTransactions.leaseUntil, now));

export function createTransferOpsRepository(db: Db) {
  return {
    /** Unsettled transfers begun before `before`, oldest first, with their member and game. */
    async list(before: Date, limit: number): Promise<StuckTransfer[]> {
      return db
        .select({
          t: ledgerTransactions,
          username: members.username,
          name: members.name,
          gameName: games.name,
          provider: games.provider,
        })
        .from(ledgerTransactions)
        .innerJoin(members, eq(members.id, ledgerTransactions.memberId))
        .leftJoin(games, eq(games.code, sql`${ledgerTransactions.metadata}->>'gameCode'`))
        .where(and(isTransfer, inArray(ledgerTransactions.status, UNSETTLED), lt(ledgerTransactions.createdAt, before)))
        .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id))
        .limit(limit);
    },

    async byId(id: number, tx?: Tx): Promise<TransferRow | null> {
      const [row] = await (tx ?? db)
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.id, id), isTransfer))
        .limit(1);
      return row ?? null;
    },

    /** Leases one transfer as the reconciler's claim would; null when it is settled, too young or leased. */
    async claimOne(id: number, now: Date, pendingBefore: Date, leaseMs: number): Promise<TransferRow | null> {
      const [row] = await db
        .update(ledgerTransactions)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(and(eq(ledgerTransactions.id, id), isTransfer, claimable(pendingBefore), leaseFree(now)))
        .returning();
      return row ?? null;
    },

    /** Hands back a lease `claimOne` took, unless it ran out and someone else holds the transfer now. */
    async release(id: number, leaseUntil: Date | null) {
      if (!leaseUntil) return;
      await db
        .update(ledgerTransactions)
        .set({ leaseUntil: null })
        .where(and(eq(ledgerTransactions.id, id), eq(ledgerTransactions.leaseUntil, leaseUntil)));
    },

    /** Counts an attempt that got no answer and keeps its error, while the transfer is unsettled. */
    async noteAttempt(ex: Db | Tx, id: number, error: string, at: Date) {
      const note = JSON.stringify({ lastError: error.slice(0, 300), lastAttemptAt: at.toISOString() });
      await ex
        .update(ledgerTransactions)
        .set({
          metadata: sql`${ledgerTransactions.metadata} || ${note}::jsonb || jsonb_build_object('attempts',
            coalesce((${ledgerTransactions.metadata}->>'attempts')::int, 0) + 1)`,
        })
        .where(and(eq(ledgerTransactions.id, id), inArray(ledgerTransactions.status, UNSETTLED)));
    },
  };
}
export type TransferOpsRepository = ReturnType<typeof createTransferOpsRepository>;
