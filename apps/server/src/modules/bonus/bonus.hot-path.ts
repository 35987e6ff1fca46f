// The bonus module's fused SQL: statements that read the ledger's (and the games') tables together
// with the bonus module's own, in one statement. None of them was fused for a measured round-trip
// figure: they are one statement so that what they sum or compare is one snapshot of the books (in
// READ COMMITTED each statement sees its own), and each saves the round trips listed. Each has a
// test beside it (`bonus.hot-path.test.ts`) that checks its answer against the plain reads.
//
// - `qualifyingDeposit` (taking a bonus, and the bonus list's eligibility). Replaces: the member's
//   DEPOSIT rows, the deposits already used by a condition, the member's last ended condition, the
//   member's last withdrawal not refused, compared in code. Reads ledger_transactions (ledger) with
//   credit_conditions (bonus). 1 statement instead of 4.
// - `totalBalance` (every condition check: grant, deposit raise, cancel, the bonus list). Replaces:
//   the member's ledger accounts, the games catalogue (which codes are games) and the member's
//   unsettled transfers, summed in code. Reads ledger_accounts, ledger_transactions (ledger) and
//   games (games). 1 statement instead of 3; in one snapshot a transfer cannot be counted twice or
//   missed while it moves between a game, TRANSIT and the wallet.
// - `gameAccounts` (a cancel bringing the game balances back). Replaces: the member's ledger
//   accounts, the games catalogue and each game account's newest entry. Reads ledger_accounts,
//   ledger_entries (ledger) and games (games). 1 statement instead of 2 plus one per game.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';

export type QualifyingDeposit = { id: number; amount: bigint };

/** How long after the deposit a bonus may still be taken on it. */
export const QUALIFYING_DEPOSIT_HOURS = 24;

type Executor = Db | Tx;

export function createBonusHotPath(db: Db) {
  return {
    /**
     * The member's latest deposit a bonus can be taken on: SUCCESS, at least `minDeposit`, at most
     * QUALIFYING_DEPOSIT_HOURS old, never used for a bonus, made after the member's last ended
     * condition and after the member's last withdrawal that was not refused (money that left the
     * site cannot earn a bonus).
     */
    async qualifyingDeposit(
      memberId: number,
      minDeposit: bigint,
      ex: Executor = db,
    ): Promise<QualifyingDeposit | null> {
      const t = ledgerTransactions;
      const [row] = await ex
        .select({ id: t.id, amount: t.amount })
        .from(t)
        .where(
          and(
            eq(t.memberId, memberId),
            eq(t.type, 'DEPOSIT'),
            eq(t.status, 'SUCCESS'),
            sql`${t.amount} >= ${minDeposit.toString()}::bigint`,
            sql`${t.createdAt} > now() - make_interval(hours => ${QUALIFYING_DEPOSIT_HOURS})`,
            sql`not exists (select 1 from credit_conditions c where c.qualifying_deposit_id = ${t.id})`,
            sql`${t.id} > coalesce((select max(c.finish_transaction_id) from credit_conditions c
              where c.member_id = ${memberId}), 0)`,
            sql`${t.id} > coalesce((select max(w.id) from ledger_transactions w where w.member_id = ${memberId}
              and w.type = 'WITHDRAW' and w.status <> 'FAILED'), 0)`,
          ),
        )
        .orderBy(sql`${t.id} desc`)
        .limit(1);
      return row ?? null;
    },

    /**
     * Total balance (docs/product.md §3.1): WALLET plus the game accounts, plus money of the member's unsettled
     * transfers parked in TRANSIT (it is on its way between the two). INVITE and REFUND do not count.
     */
    async totalBalance(ex: Executor, memberId: number): Promise<bigint> {
      const result = await ex.execute(sql`select (
          coalesce((select sum(a.balance) from ${ledgerAccounts} a where a.member_id = ${memberId}
            and (a.code = 'WALLET' or a.code in (select code from games))), 0)
          + coalesce((select sum(t.amount) from ${ledgerTransactions} t where t.member_id = ${memberId}
            and t.type = 'TRANSFER' and t.status in ('PENDING', 'UNKNOWN')), 0)
        )::text as total`);
      const [row] = rowsOf<{ total: string }>(result);
      return BigInt(row?.total ?? '0');
    },

    /** The member's game accounts: balance, and the last entry on each (a transfer key changes with it). */
    async gameAccounts(memberId: number): Promise<{ code: string; balance: bigint; lastEntryId: number }[]> {
      const result = await db.execute(sql`select a.code, a.balance::text as balance,
          coalesce((select max(e.id) from ${ledgerEntries} e where e.account_id = a.id), 0) as last_entry_id
        from ${ledgerAccounts} a where a.member_id = ${memberId} and a.code in (select code from games)`);
      return rowsOf<{ code: string; balance: string; last_entry_id: number | string }>(result).map((r) => ({
        code: r.code,
        balance: BigInt(r.balance),
        lastEntryId: Number(r.last_entry_id),
      }));
    },
  };
}
export type BonusHotPath = ReturnType<typeof createBonusHotPath>;
