// Player protection as the console sees it: a member's limits (with what each has used), exclusions
// and history; ending an exclusion early after its minimum term (admin, audited in the same
// transaction); and the report of members who hit a limit.
import type { Currency } from '@krapao/contracts/constants';
import {
  PROTECTION_HISTORY_LIMIT,
  PROTECTION_REPORT_DEFAULT_DAYS,
  type TOpsExclusion,
  type TOpsMemberProtection,
  type TProtectionReport,
} from '@krapao/contracts/ops/protection';
import { type ExclusionKind, SELF_EXCLUSION_MIN_MONTHS } from '@krapao/contracts/protection';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { members } from '../../db/schema/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAudit, type ReasonedAct } from '../audit/index.ts';
import { createLedger } from '../ledger/index.ts';
import { limitStates } from './limit-use.ts';
import { createProtectionOpsRepository, type ExclusionRow } from './protection-ops.repository.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** `date` plus `months` calendar months (UTC), kept to the last day of a shorter month. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * From when an admin may end the exclusion early: a self-exclusion SELF_EXCLUSION_MIN_MONTHS after it
 * started; never a time-out (its own end is its term) nor a permanent self-exclusion.
 */
export function endableFrom(row: { kind: string; startsAt: Date; endsAt: Date | null }): Date | null {
  if (row.kind !== 'SELF_EXCLUSION' || row.endsAt === null) return null;
  return addMonths(row.startsAt, SELF_EXCLUSION_MIN_MONTHS);
}

/** Started, not over, not ended. */
export function inForce(row: ExclusionRow, now: Date): boolean {
  return row.endedAt === null && row.startsAt <= now && (row.endsAt === null || row.endsAt > now);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function exclusionAuditView(row: ExclusionRow) {
  return {
    kind: row.kind,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    endedAt: iso(row.endedAt),
    endedBy: row.endedBy,
  };
}

export function createProtectionOpsService(ctx: AppContext) {
  const { db } = ctx;
  const repo = createProtectionOpsRepository();
  const ledger = createLedger(ctx);

  return {
    async member(memberId: number): Promise<TOpsMemberProtection> {
      const [member] = await db
        .select({ currency: members.currency, realityCheckMinutes: members.realityCheckMinutes })
        .from(members)
        .where(eq(members.id, memberId));
      if (!member) throw new AppError('NO_DATA');
      const now = ctx.now();
      const currency = member.currency as Currency;
      const [limits, exclusions, events] = await Promise.all([
        repo.limits(db, memberId),
        repo.exclusions(db, memberId),
        repo.events(db, memberId, PROTECTION_HISTORY_LIMIT),
      ]);
      return {
        memberId,
        currency,
        realityCheckMinutes: member.realityCheckMinutes ?? 0,
        limits: await limitStates(db, memberId, limits, currency, now),
        exclusions: exclusions.map(
          (x): TOpsExclusion => ({
            id: x.id,
            kind: x.kind as ExclusionKind,
            startsAt: x.startsAt.toISOString(),
            endsAt: iso(x.endsAt),
            inForce: inForce(x, now),
            endableFrom: iso(endableFrom(x)),
            endedAt: iso(x.endedAt),
            endedBy: x.endedByName,
            endReason: x.endReason,
          }),
        ),
        history: events.map((e) => ({
          id: e.id,
          kind: e.kind,
          detail: e.detail,
          staffName: e.staffName,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Ends an exclusion in force, once its minimum term has passed (OPS_EXCLUSION_MIN_TERM before that,
     * and always for a time-out or a permanent one). Under the member row lock; the event and the
     * audit entry commit with the change.
     */
    async endExclusion(act: ReasonedAct, memberId: number, exclusionId: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await ledger.lockMember(tx, memberId))) throw new AppError('NO_DATA');
        const before = await repo.exclusionForUpdate(tx, memberId, exclusionId);
        if (!before) throw new AppError('NO_DATA');
        const now = ctx.now();
        if (before.endedAt !== null || (before.endsAt !== null && before.endsAt <= now)) {
          throw new AppError('OPS_ALREADY_DECIDED');
        }
        const from = endableFrom(before);
        if (from === null || now < from) throw new AppError('OPS_EXCLUSION_MIN_TERM', { endableFrom: iso(from) });
        await repo.endExclusion(tx, exclusionId, { at: now, staffId: act.staffId, reason: act.reason });
        await repo.addEvent(tx, {
          memberId,
          kind: 'EXCLUSION_ENDED',
          detail: { exclusionId, kind: before.kind as ExclusionKind, endsAt: iso(before.endsAt), reason: act.reason },
          staffId: act.staffId,
          at: now,
        });
        const after = { ...before, endedAt: now, endedBy: act.staffId, endReason: act.reason };
        await appendAudit(tx, {
          actor: 'staff',
          staffId: act.staffId,
          action: 'protection.exclusion-end',
          objectType: 'protection_exclusion',
          objectId: exclusionId,
          memberId,
          reason: act.reason,
          before: exclusionAuditView(before),
          after: exclusionAuditView(after),
          requestId: act.requestId,
          at: now,
        });
      });
    },

    /** Members who hit a limit in [from, to) (default: the last 7 days), most recent first; exclusions now. */
    async report(q: { from?: string; to?: string; page: number; limit: number }): Promise<TProtectionReport> {
      const now = ctx.now();
      const to = q.to ? new Date(q.to) : now;
      const from = q.from ? new Date(q.from) : new Date(to.getTime() - PROTECTION_REPORT_DEFAULT_DAYS * DAY_MS);
      if (from >= to) throw new AppError('KEY_INVALID');
      const [rows, counts] = await Promise.all([
        repo.limitHits(db, { from, to }, q.page, q.limit),
        repo.inForceCounts(db, now),
      ]);
      const countOf = (kind: ExclusionKind) => counts.find((c) => c.kind === kind)?.n ?? 0;
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        currentExclusions: { timeout: countOf('TIMEOUT'), selfExclusion: countOf('SELF_EXCLUSION') },
        items: rows.slice(0, q.limit).map((r) => ({ ...r, lastAt: new Date(r.lastAt).toISOString() })),
        hasMore: rows.length > q.limit,
      };
    },
  };
}
export type ProtectionOpsService = ReturnType<typeof createProtectionOpsService>;
