// The dashboard's figures: queries turned into the wire's days, queue tiles and health rows.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import {
  DASHBOARD_PAST_DAYS,
  DEPOSIT_CHANNELS,
  type DepositChannel,
  HEALTH_WINDOW_MINUTES,
  OUTSIDE_PARTIES,
  type TDashboard,
  type TDashboardDay,
  type TDashboardQueueSize,
  type TPartyHealth,
} from '@krapao/contracts/ops/dashboard';
import type { AppContext } from '../../context.ts';
import { siteTimeZone } from '../../lib/site-time.ts';
import { createDashboardQueries, type DashboardQueries, type QueueRow } from './ops-dashboard.queries.ts';

/** YYYY-MM-DD of `at` in `timeZone`. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar days from `count` days before the date of `today` to it, oldest first. */
export function daysUpTo(today: string, count: number): string[] {
  const base = new Date(`${today}T00:00:00Z`).getTime();
  return Array.from({ length: count + 1 }, (_, i) =>
    new Date(base - (count - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export function createDashboardService(ctx: AppContext, queries: DashboardQueries = createDashboardQueries(ctx.db)) {
  const timeZone = siteTimeZone(ctx.config.LAOS);

  async function days(currency: Currency, now: Date): Promise<TDashboardDay[]> {
    const dates = daysUpTo(dateIn(now, timeZone), DASHBOARD_PAST_DAYS);
    const w = { currency, timeZone, fromDate: dates[0] as string };
    const [deposits, paid, joined] = await Promise.all([
      queries.depositsByDay(w),
      queries.withdrawalsPaidByDay(w),
      queries.newMembersByDay(w),
    ]);
    return dates.map((date) => {
      const byChannel = Object.fromEntries(DEPOSIT_CHANNELS.map((c) => [c, 0n])) as Record<DepositChannel, bigint>;
      for (const d of deposits.filter((r) => r.day === date)) {
        const channel = (DEPOSIT_CHANNELS as readonly string[]).includes(d.channel ?? '') ? d.channel : 'OTHER';
        byChannel[channel as DepositChannel] += d.total;
      }
      const depositTotal = Object.values(byChannel).reduce((a, b) => a + b, 0n);
      const paidTotal = paid.find((r) => r.day === date)?.total ?? 0n;
      return {
        date,
        deposits: Object.fromEntries(
          DEPOSIT_CHANNELS.map((c) => [c, fromMinor(byChannel[c], currency)]),
        ) as TDashboardDay['deposits'],
        withdrawalsPaid: fromMinor(paidTotal, currency),
        net: fromMinor(depositTotal - paidTotal, currency),
        newMembers: joined.find((r) => r.day === date)?.count ?? 0,
      };
    });
  }

  async function queues(currency: Currency, now: Date): Promise<TDashboardQueueSize[]> {
    const tile = (queue: TDashboardQueueSize['queue'], row: QueueRow): TDashboardQueueSize => ({
      queue,
      size: row.size,
      oldestAt: row.oldestAt?.toISOString() ?? null,
    });
    const stuckBefore = new Date(now.getTime() - ctx.config.OPS_TRANSFER_STUCK_MINUTES * 60_000);
    return Promise.all([
      queries.waitingWithdrawals(currency).then((r) => tile('withdrawals', r)),
      queries.slipsInQueue(currency, now).then((r) => tile('slips', r)),
      queries.stuckTransfers(currency, stuckBefore).then((r) => tile('transfers', r)),
      queries.unmatchedLines(currency).then((r) => tile('unmatched', r)),
      queries.waitingDepositReviews(currency).then((r) => tile('depositReviews', r)),
    ]);
  }

  async function health(now: Date): Promise<TPartyHealth[]> {
    const [last, counts] = await Promise.all([
      queries.lastFailures(),
      queries.failuresByMinute(now, HEALTH_WINDOW_MINUTES),
    ]);
    return OUTSIDE_PARTIES.map((party) => {
      const timeouts = Array.from({ length: HEALTH_WINDOW_MINUTES }, () => 0);
      let errors = 0;
      for (const c of counts.filter((r) => r.party === party && r.ago >= 0 && r.ago < HEALTH_WINDOW_MINUTES)) {
        const i = HEALTH_WINDOW_MINUTES - 1 - c.ago;
        if (c.kind === 'timeout') timeouts[i] = (timeouts[i] ?? 0) + c.count;
        else errors += c.count;
      }
      const newest = last.find((r) => r.party === party);
      return {
        party,
        lastErrorAt: newest?.at.toISOString() ?? null,
        lastErrorMessage: newest?.message ?? null,
        timeouts,
        timeoutsPerMinute: timeouts.reduce((a, b) => a + b, 0) / HEALTH_WINDOW_MINUTES,
        errors,
      };
    });
  }

  return {
    async dashboard(currency: Currency): Promise<TDashboard> {
      const now = ctx.now();
      const [d, q, h] = await Promise.all([days(currency, now), queues(currency, now), health(now)]);
      return { currency, timeZone, generatedAt: now.toISOString(), days: d, queues: q, health: h };
    },
  };
}
