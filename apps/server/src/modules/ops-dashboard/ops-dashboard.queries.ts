// Every read of the dashboard, in one place. Each query names the module whose tables it reads; all
// are read-only and take the instant `now` from the caller, so a test's clock decides "today".
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { slipQueueSize } from '../deposit/index.ts';

/** Per calendar day in `timeZone`, from the start of `fromDate` (YYYY-MM-DD) on. */
export type Window = { currency: string; timeZone: string; fromDate: string };
export type DayAmount = { day: string; total: bigint };
export type QueueRow = { size: number; oldestAt: Date | null };

/** An instant as a statement parameter, the same on node-postgres and PGlite. */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The instant `w.fromDate` began in the site's time zone. */
const startOf = (w: Window) => sql`(${w.fromDate}::date::timestamp at time zone ${w.timeZone})`;

const day = (column: SQL, timeZone: string) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

async function queueOf(db: Db, query: SQL): Promise<QueueRow> {
  const [row] = rowsOf<{ size: string | number; oldest: string | Date | null }>(await db.execute(query));
  return { size: Number(row?.size ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * WAITING deposit reviews of `currency` whose reference credited no wallet: the console's deposits
 * queue (deposit-review.repository.ts, listWaiting), which deposit does not export a count of.
 */
function waitingReviews(db: Db, currency: string, which: SQL): Promise<QueueRow> {
  return queueOf(
    db,
    sql`select count(*) as size, min(created_at) as oldest from deposit_reviews v
      where v.status = 'WAITING' and v.currency = ${currency} and ${which}
        and not exists (select 1 from deposit_references r where r.source = v.kind and r.reference = v.ref)`,
  );
}

export function createDashboardQueries(db: Db) {
  return {
    /**
     * ledger and deposit (deposit_references): settled DEPOSIT transactions by day and channel — the
     * reference's source, else the posting's metadata.source (null: a booking without either).
     */
    async depositsByDay(w: Window): Promise<(DayAmount & { channel: string | null })[]> {
      const rows = rowsOf<{ day: string; channel: string | null; total: string }>(
        await db.execute(sql`
          select ${day(sql.raw('t.created_at'), w.timeZone)} as day,
            coalesce(r.source, t.metadata->>'source') as channel, sum(t.amount)::text as total
          from ledger_transactions t
          left join deposit_references r on r.transaction_id = t.id
          where t.type = 'DEPOSIT' and t.status = 'SUCCESS' and t.currency = ${w.currency}
            and t.created_at >= ${startOf(w)}
          group by 1, 2`),
      );
      return rows.map((r) => ({ day: r.day, channel: r.channel, total: BigInt(r.total) }));
    },

    /** withdraw: withdrawals PAID, by the day they were paid (their last change). */
    async withdrawalsPaidByDay(w: Window): Promise<DayAmount[]> {
      const rows = rowsOf<{ day: string; total: string }>(
        await db.execute(sql`
          select ${day(sql.raw('updated_at'), w.timeZone)} as day, sum(amount)::text as total
          from withdrawals
          where status = 'PAID' and currency = ${w.currency} and updated_at >= ${startOf(w)}
          group by 1`),
      );
      return rows.map((r) => ({ day: r.day, total: BigInt(r.total) }));
    },

    /** account: members registered, by day. */
    async newMembersByDay(w: Window): Promise<{ day: string; count: number }[]> {
      const rows = rowsOf<{ day: string; count: string | number }>(
        await db.execute(sql`
          select ${day(sql.raw('created_at'), w.timeZone)} as day, count(*) as count
          from members
          where currency = ${w.currency} and created_at >= ${startOf(w)}
          group by 1`),
      );
      return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
    },

    /** withdraw: withdrawals waiting for a person's approval. */
    waitingWithdrawals(currency: string): Promise<QueueRow> {
      return queueOf(
        db,
        sql`select count(*) as size, min(created_at) as oldest from withdrawals
          where status = 'WAITING_APPROVAL' and currency = ${currency}`,
      );
    },

    /** deposit/slip: what the console's slips queue lists, counted by deposit itself. */
    slipsInQueue(currency: string, now: Date): Promise<QueueRow> {
      return slipQueueSize(db, currency, now);
    },

    /** wallet (the console's stuck-transfers queue): transfers PENDING or UNKNOWN, begun before `before`. */
    stuckTransfers(currency: string, before: Date): Promise<QueueRow> {
      return queueOf(
        db,
        sql`select count(*) as size, min(created_at) as oldest from ledger_transactions
          where status in ('PENDING', 'UNKNOWN') and type = 'TRANSFER' and currency = ${currency}
            and created_at < ${at(before)}`,
      );
    },

    /**
     * deposit (deposit_reviews): lines the sweeps held because no member of their currency sent them
     * (a bank-feed line from an unregistered account, TrueMoney money from an unknown phone), until a
     * person assigns or rejects them; a line some credit took meanwhile no longer counts.
     */
    unmatchedLines(currency: string): Promise<QueueRow> {
      return waitingReviews(db, currency, sql`member_id is null`);
    },

    /** deposit (deposit_reviews): money held for a known member (an unproven phone) until a person decides. */
    waitingDepositReviews(currency: string): Promise<QueueRow> {
      return waitingReviews(db, currency, sql`member_id is not null`);
    },

    /** ops-dashboard (ops_party_failures): each party's newest failure. */
    async lastFailures(): Promise<{ party: string; at: Date; message: string }[]> {
      const rows = rowsOf<{ party: string; at: string | Date; message: string }>(
        await db.execute(sql`
          select distinct on (party) party, at, message from ops_party_failures
          order by party, at desc`),
      );
      return rows.map((r) => ({ party: r.party, at: new Date(r.at), message: r.message }));
    },

    /** ops-dashboard (ops_party_failures): failures per party, kind and minute ago (0 = this minute). */
    async failuresByMinute(now: Date, minutes: number) {
      const rows = rowsOf<{ party: string; kind: string; ago: string | number; count: string | number }>(
        await db.execute(sql`
          select party, kind, floor(extract(epoch from (${at(now)} - at)) / 60)::int as ago,
            count(*) as count
          from ops_party_failures
          where at > ${at(now)} - make_interval(mins => ${minutes}) and at <= ${at(now)}
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({ party: r.party, kind: r.kind, ago: Number(r.ago), count: Number(r.count) }));
    },
  };
}
export type DashboardQueries = ReturnType<typeof createDashboardQueries>;
