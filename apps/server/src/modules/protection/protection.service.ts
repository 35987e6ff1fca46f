// The member's own protections (docs/product.md): limits that tighten at once and loosen only after
// LIMIT_RAISE_DELAY_HOURS and a confirmation, time-outs and self-exclusions that sign the member out
// everywhere, and the reality check. Every change writes a protection event in its transaction.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type {
  TExclusionRequest,
  TLimitRef,
  TLimitRequest,
  TProtectionState,
  TSessionSummary,
} from '@krapao/contracts/protection';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockMember } from './deposit-limit.ts';
import { activeExclusion } from './exclusion-gate.ts';
import { confirmableAt, limitStates } from './limit-use.ts';
import { createProtectionRepository, type LimitRow } from './protection.repository.ts';
import { sessionSummary } from './session-summary.ts';

const HOUR_MS = 3_600_000;
const DURATION_HOURS: Record<string, number> = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 };
const DURATION_MONTHS: Record<string, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** When an exclusion taken at `start` for `duration` ends: hours, or calendar months; null: permanent. */
export function exclusionEnd(duration: TExclusionRequest['duration'], start: Date): Date | null {
  const hours = DURATION_HOURS[duration];
  if (hours !== undefined) return new Date(start.getTime() + hours * HOUR_MS);
  const months = DURATION_MONTHS[duration];
  if (months === undefined) return null;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** What signing the member out needs of the sessions (the auth module's session service). */
export type ProtectionSessions = { closeAll(memberId: number): Promise<void> };

export function createProtectionService(ctx: AppContext, sessions: ProtectionSessions) {
  const repo = createProtectionRepository();

  async function state(db: Db | Tx, memberId: number): Promise<TProtectionState> {
    const now = ctx.now();
    const member = await repo.member(db, memberId);
    if (!member) throw new AppError('invalid-token');
    const { currency } = member;
    const rows = await repo.limitsOf(db, memberId);
    const limits = await limitStates(db, memberId, rows, currency, now);
    const exclusion = await activeExclusion(db, memberId, now);
    return {
      currency,
      limits,
      exclusion: exclusion
        ? {
            kind: exclusion.kind,
            startsAt: exclusion.startsAt.toISOString(),
            endsAt: exclusion.endsAt?.toISOString() ?? null,
          }
        : null,
      realityCheckMinutes: member.realityCheckMinutes,
    };
  }

  function minorOf(amount: number, currency: Currency): bigint {
    let minor: bigint;
    try {
      minor = toMinor(amount, currency);
    } catch {
      throw new AppError('KEY_INVALID', { fields: ['amount'] });
    }
    if (minor <= 0n) throw new AppError('KEY_INVALID', { fields: ['amount'] });
    return minor;
  }

  /** Under the member row lock: changes that race (two tabs) apply one after the other. */
  async function locked<T>(memberId: number, work: (tx: Tx, currency: Currency, now: Date) => Promise<T>) {
    return ctx.db.transaction(async (tx) => work(tx, await lockMember(tx, memberId), ctx.now()));
  }

  async function setLimit(memberId: number, body: TLimitRequest): Promise<TProtectionState> {
    await locked(memberId, async (tx, currency, now) => {
      const { kind, period } = body;
      const amount = body.amount === null ? null : minorOf(body.amount, currency);
      const row = await repo.limit(tx, memberId, kind, period);
      const current = row?.amount ?? null;
      const base = { memberId, kind, period, updatedAt: now };
      const detail = {
        period,
        currency,
        amount: body.amount,
        previous: current === null ? null : fromMinor(current, currency),
      };
      if (amount !== null && (current === null || amount < current)) {
        // A first limit, or a lower one: at once, and any waiting raise or removal is dropped.
        await repo.saveLimit(tx, { ...base, amount, pendingAmount: null, pendingSince: null });
        await repo.event(tx, memberId, current === null ? 'LIMIT_SET' : 'LIMIT_LOWERED', { kind, ...detail }, now);
      } else if (amount !== null && current !== null && amount > current) {
        await repo.saveLimit(tx, { ...base, amount: current, pendingAmount: amount, pendingSince: now });
        await repo.event(tx, memberId, 'LIMIT_RAISE_ASKED', { kind, ...detail }, now);
      } else if (amount === null && current !== null) {
        await repo.saveLimit(tx, { ...base, amount: current, pendingAmount: null, pendingSince: now });
        await repo.event(tx, memberId, 'LIMIT_REMOVE_ASKED', { kind, ...detail }, now);
      } else if (row?.pendingSince) {
        // The limit in force asked for again: the waiting change is dropped.
        await repo.saveLimit(tx, { ...base, amount: current, pendingAmount: null, pendingSince: null });
        const pendingAmount = row.pendingAmount === null ? null : fromMinor(row.pendingAmount, currency);
        await repo.event(
          tx,
          memberId,
          'LIMIT_CANCELLED',
          { kind, period, currency, amount: detail.previous, pendingAmount },
          now,
        );
      }
    });
    return state(ctx.db, memberId);
  }

  async function waiting(tx: Tx, memberId: number, ref: TLimitRef): Promise<LimitRow> {
    const row = await repo.limit(tx, memberId, ref.kind, ref.period);
    if (!row?.pendingSince) throw new AppError('NO_DATA');
    return row;
  }

  return {
    state: (memberId: number) => state(ctx.db, memberId),
    setLimit,

    async confirm(memberId: number, ref: TLimitRef): Promise<TProtectionState> {
      await locked(memberId, async (tx, currency, now) => {
        const row = await waiting(tx, memberId, ref);
        const at = confirmableAt(row)!;
        if (now < at) throw new AppError('PROTECTION_NOT_YET', { confirmableAt: at.toISOString() });
        if (row.pendingAmount === null) await repo.deleteLimit(tx, memberId, ref.kind, ref.period);
        else
          await repo.saveLimit(tx, {
            ...row,
            amount: row.pendingAmount,
            pendingAmount: null,
            pendingSince: null,
            updatedAt: now,
          });
        const amount = row.pendingAmount === null ? null : fromMinor(row.pendingAmount, currency);
        await repo.event(tx, memberId, 'LIMIT_CONFIRMED', { ...ref, amount, currency }, now);
      });
      return state(ctx.db, memberId);
    },

    async cancel(memberId: number, ref: TLimitRef): Promise<TProtectionState> {
      await locked(memberId, async (tx, currency, now) => {
        const row = await waiting(tx, memberId, ref);
        await repo.saveLimit(tx, { ...row, pendingAmount: null, pendingSince: null, updatedAt: now });
        const pendingAmount = row.pendingAmount === null ? null : fromMinor(row.pendingAmount, currency);
        const amount = row.amount === null ? null : fromMinor(row.amount, currency);
        await repo.event(tx, memberId, 'LIMIT_CANCELLED', { ...ref, currency, amount, pendingAmount }, now);
      });
      return state(ctx.db, memberId);
    },

    /**
     * A time-out or self-exclusion, in force at once; one already in force may only be extended.
     * Then every session of the member ends, as after a password change.
     */
    async exclude(memberId: number, body: TExclusionRequest): Promise<TProtectionState> {
      const answer = await locked(memberId, async (tx, _currency, now) => {
        const endsAt = exclusionEnd(body.duration, now);
        const current = await activeExclusion(tx, memberId, now);
        if (current && (current.endsAt === null || (endsAt !== null && endsAt <= current.endsAt))) {
          throw new AppError('KEY_INVALID', { fields: ['duration'], endsAt: current.endsAt?.toISOString() ?? null });
        }
        const id = await repo.insertExclusion(tx, memberId, body.kind, now, endsAt);
        const detail = { id, kind: body.kind, duration: body.duration, endsAt: endsAt?.toISOString() ?? null };
        await repo.event(tx, memberId, 'EXCLUSION_STARTED', detail, now);
        return state(tx, memberId);
      });
      await sessions.closeAll(memberId);
      return answer;
    },

    async setRealityCheck(memberId: number, minutes: number): Promise<TProtectionState> {
      await locked(memberId, async (tx, _currency, now) => {
        await repo.setRealityCheck(tx, memberId, minutes, now);
        await repo.event(tx, memberId, 'REALITY_CHECK_SET', { minutes }, now);
      });
      return state(ctx.db, memberId);
    },

    session(memberId: number, sessionId: number): Promise<TSessionSummary> {
      return sessionSummary(ctx.db, memberId, sessionId, ctx.now());
    },
  };
}
export type ProtectionService = ReturnType<typeof createProtectionService>;
