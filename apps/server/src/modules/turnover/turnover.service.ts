// Turnover from the game providers (decision 055): each game's settled bets are read range by
// range behind a cursor, written as one member_turnover row per member, and play the member's
// deposits through (members.unplayed); the played part vests the referrer's share and spin coins
// (subscribers of deposit-played.ts).
// The provider is asked outside any transaction; the cursor, the rows and the vesting are one
// transaction, so a range is counted once and a crash never half-vests.
import type { PlayerTurnover } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { createGameCatalog } from '../games/index.ts';
import { createLedger } from '../ledger/index.ts';
import { depositPlayedSubscribers } from './deposit-played.ts';
import { createTurnoverHotPath } from './turnover.hot-path.ts';
import { createTurnoverRepository, type LockedMember } from './turnover.repository.ts';

/** The longest range one provider call is asked for; a cursor further behind catches up range by range. */
export const MAX_RANGE_MS = 24 * 60 * 60_000;
/** A balance refresh leaves alone a game whose bets were read less than this long ago. */
export const REFRESH_SYNC_AFTER_MS = 10_000;

export type RangeResult = { rows: number; played: bigint };
export type SyncResult = RangeResult & { gameCode: string; syncedTo: Date | null };
type Range = { gameCode: string; from: Date; to: Date };

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** One line per username (a provider may split a player's bets); nothing negative or empty counts. */
function perUsername(reported: PlayerTurnover[]): Map<string, { validBet: bigint; bets: number }> {
  const totals = new Map<string, { validBet: bigint; bets: number }>();
  for (const r of reported) {
    const t = totals.get(r.username) ?? { validBet: 0n, bets: 0 };
    totals.set(r.username, { validBet: t.validBet + r.validBet, bets: t.bets + r.bets });
  }
  for (const [username, t] of totals) if (t.validBet <= 0n) totals.delete(username);
  return totals;
}

export function createTurnover(ctx: AppContext) {
  const repo = createTurnoverRepository(ctx.db);
  const hot = createTurnoverHotPath(ctx.db);
  const catalog = createGameCatalog(ctx);
  const ledger = createLedger(ctx);

  /** Each subscriber with the settings it vests by, read before the transaction (one connection in tests). */
  function vestingRules() {
    return Promise.all(depositPlayedSubscribers(ctx).map(async (s) => ({ s, rules: await s.rules() })));
  }
  type VestingRules = Awaited<ReturnType<typeof vestingRules>>;

  /** What one member's row will be: their part of the range and the deposits it plays through. */
  function planOf(m: LockedMember, t: { validBet: bigint; bets: number }, referrers: Map<number, string>) {
    const referrerCurrency = m.referrerId === null ? undefined : referrers.get(m.referrerId);
    return {
      member: m,
      ...t,
      played: min(m.unplayed, t.validBet),
      referrer: m.referrerId !== null && referrerCurrency ? { id: m.referrerId, currency: referrerCurrency } : null,
    };
  }
  type Plan = ReturnType<typeof planOf>;

  /** Writes one member's row and plays their deposits through; vests on the played part. */
  async function countMember(tx: Tx, rules: VestingRules, range: Range, p: Plan): Promise<bigint | null> {
    const at = ctx.now();
    const m = p.member;
    const turnoverId = await repo.insertTurnover(tx, {
      memberId: m.id,
      gameCode: range.gameCode,
      fromAt: range.from,
      toAt: range.to,
      validBet: p.validBet,
      bets: p.bets,
      played: p.played,
      createdAt: at,
    });
    if (turnoverId === null) return null;
    if (p.played <= 0n) return 0n;
    await repo.lowerUnplayed(tx, m.id, p.played);
    const played = { turnoverId, memberId: m.id, currency: m.currency, played: p.played, referrer: p.referrer, at };
    for (const { s, rules: r } of rules) await s.vest(tx, r, played);
    return p.played;
  }

  /** Reads [from, to) of one game and counts it; null when another sync counted that range. */
  async function syncRange(range: Range): Promise<RangeResult | null> {
    const { gameCode } = range;
    const reported = perUsername(await catalog.provider(gameCode).turnover(range));
    const rules = await vestingRules();
    return ctx.db.transaction(async (tx) => {
      if (!(await repo.advanceCursor(tx, gameCode, range.from, range.to))) return null;
      const memberOf = await repo.membersByUsername(tx, gameCode, [...reported.keys()]);
      const totalsOf = new Map([...memberOf].map(([username, memberId]) => [memberId, reported.get(username)!]));
      // The ledger's lock order: the member rows, then the accounts (subscribers' `lock`, all in id order).
      const locked = await repo.lockedMembers(tx, await ledger.lockMembers(tx, [...totalsOf.keys()]));
      const referrers = await repo.currencies(tx, [
        ...new Set(locked.flatMap((m) => (m.referrerId === null ? [] : [m.referrerId]))),
      ]);
      const plans = locked.map((m) => planOf(m, totalsOf.get(m.id)!, referrers));
      const plays = plans.map((p) => ({
        memberId: p.member.id,
        currency: p.member.currency,
        played: p.played,
        referrer: p.referrer,
      }));
      for (const { s, rules: r } of rules) await s.lock?.(tx, r, plays);
      const result: RangeResult = { rows: 0, played: 0n };
      for (const plan of plans) {
        const played = await countMember(tx, rules, range, plan);
        if (played === null) continue;
        result.rows += 1;
        result.played += played;
      }
      return result;
    });
  }

  /**
   * Reads the game's settled bets from its cursor up to now − TURNOVER_SETTLE_MS and counts them.
   * A provider failure throws and leaves the cursor where it was; ranges counted before it stay.
   */
  async function syncGame(gameCode: string): Promise<SyncResult> {
    const total: SyncResult = { gameCode, rows: 0, played: 0n, syncedTo: null };
    const end = ctx.now().getTime() - ctx.config.TURNOVER_SETTLE_MS;
    let from = (await repo.cursor(gameCode)) ?? (await hot.startCursor(gameCode));
    while (from && from.getTime() < end) {
      const to = new Date(Math.min(end, from.getTime() + MAX_RANGE_MS));
      const counted = await syncRange({ gameCode, from, to });
      // Another instance counted this range: it carries on from there.
      if (!counted) break;
      total.rows += counted.rows;
      total.played += counted.played;
      from = to;
    }
    total.syncedTo = from;
    return total;
  }

  return {
    syncGame,

    /**
     * Syncs every game the member has an account at (before a withdrawal is decided, after a
     * balance refresh). A game read less than `skipReadWithinMs` ago is left alone. A failing
     * provider does not stop the others: its game is answered in `failed` (its turnover waits, so
     * `unplayed` stays on the safe side).
     */
    async syncMember(memberId: number, opts: { skipReadWithinMs?: number } = {}): Promise<{ failed: string[] }> {
      const games = await hot.gamesOf(memberId);
      const freshFrom = ctx.now().getTime() - ctx.config.TURNOVER_SETTLE_MS - (opts.skipReadWithinMs ?? 0);
      const due = games.filter((g) => !opts.skipReadWithinMs || !g.syncedTo || g.syncedTo.getTime() < freshFrom);
      const results = await Promise.allSettled(due.map((g) => syncGame(g.gameCode)));
      return { failed: due.filter((_, i) => results[i]!.status === 'rejected').map((g) => g.gameCode) };
    },

    /** The member's turnover per game and in total: the sums of their rows. */
    async turnoverOf(memberId: number) {
      const games = await repo.perGame(memberId);
      const total = games.reduce(
        (sum, g) => ({ validBet: sum.validBet + g.validBet, played: sum.played + g.played, bets: sum.bets + g.bets }),
        { validBet: 0n, played: 0n, bets: 0 },
      );
      return { games, total };
    },

    /** Deposited money the member has not played through yet (minor units). */
    unplayed: (memberId: number) => repo.unplayed(memberId),
  };
}
export type TurnoverService = ReturnType<typeof createTurnover>;
