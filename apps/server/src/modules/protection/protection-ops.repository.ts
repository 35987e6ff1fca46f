// What the console reads and writes of player protection: a member's limits, exclusions and events
// (with the names of the staff who acted), ending an exclusion, and the report of limit hits. Reads
// members and staff beside this module's own tables.
import { LIMIT_HIT_EVENTS } from '@krapao/contracts/ops/protection';
import type { ProtectionEventDetail, ProtectionEventKind } from '@krapao/contracts/ops/protection-events';
import { and, countDistinct, desc, eq, gt, gte, inArray, isNull, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { staff } from '../../db/schema/ops.ts';
import { protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';
import { DEPOSIT_HOLD } from './deposit-limit.ts';

export type ExclusionRow = typeof protectionExclusions.$inferSelect;
export type ExclusionWithStaff = ExclusionRow & { endedByName: string | null };
export type LimitRow = typeof protectionLimits.$inferSelect;

const hitCount = (kind: string) =>
  sql<number>`count(*) filter (where ${protectionEvents.kind} = ${kind})`.mapWith(Number);

export function createProtectionOpsRepository() {
  return {
    /** The member's limits that are set or have a change waiting. */
    limits(db: Db | Tx, memberId: number): Promise<LimitRow[]> {
      const t = protectionLimits;
      return db
        .select()
        .from(t)
        .where(and(eq(t.memberId, memberId), or(sql`${t.amount} is not null`, sql`${t.pendingSince} is not null`)))
        .orderBy(t.kind, sql`case ${t.period} when 'DAY' then 1 when 'WEEK' then 2 else 3 end`);
    },

    /** Every exclusion of the member, newest first, with the name of the staff member who ended it. */
    exclusions(db: Db | Tx, memberId: number): Promise<ExclusionWithStaff[]> {
      const t = protectionExclusions;
      return db
        .select({
          id: t.id,
          memberId: t.memberId,
          kind: t.kind,
          startsAt: t.startsAt,
          endsAt: t.endsAt,
          endedAt: t.endedAt,
          endedBy: t.endedBy,
          endReason: t.endReason,
          createdAt: t.createdAt,
          endedByName: staff.displayName,
        })
        .from(t)
        .leftJoin(staff, eq(staff.id, t.endedBy))
        .where(eq(t.memberId, memberId))
        .orderBy(desc(t.id));
    },

    /**
     * The member's latest `limit` events, newest first, with the acting staff member's name; the
     * holds a pending deposit ask keeps are bookkeeping, not history, and stay out.
     */
    events(db: Db | Tx, memberId: number, limit: number) {
      const e = protectionEvents;
      return db
        .select({ id: e.id, kind: e.kind, detail: e.detail, createdAt: e.createdAt, staffName: staff.displayName })
        .from(e)
        .leftJoin(staff, eq(staff.id, e.staffId))
        .where(and(eq(e.memberId, memberId), ne(e.kind, DEPOSIT_HOLD)))
        .orderBy(desc(e.id))
        .limit(limit);
    },

    /** The exclusion `id` of the member, locked for the change; null when the member has none such. */
    async exclusionForUpdate(tx: Tx, memberId: number, id: number): Promise<ExclusionRow | null> {
      const t = protectionExclusions;
      const [row] = await tx
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.memberId, memberId)))
        .for('update');
      return row ?? null;
    },

    async endExclusion(tx: Tx, id: number, end: { at: Date; staffId: number; reason: string }): Promise<void> {
      await tx
        .update(protectionExclusions)
        .set({ endedAt: end.at, endedBy: end.staffId, endReason: end.reason })
        .where(eq(protectionExclusions.id, id));
    },

    async addEvent<K extends ProtectionEventKind>(
      tx: Tx,
      event: { memberId: number; kind: K; detail: ProtectionEventDetail<K>; staffId: number; at: Date },
    ): Promise<void> {
      await tx.insert(protectionEvents).values({
        memberId: event.memberId,
        kind: event.kind,
        detail: event.detail,
        staffId: event.staffId,
        createdAt: event.at,
      });
    },

    /**
     * Members with a limit-hit event in [from, to), the most recent hit first, with how many of each
     * kind. Answers up to `limit + 1` rows (one more tells there are more).
     */
    limitHits(db: Db | Tx, range: { from: Date; to: Date }, page: number, limit: number) {
      const e = protectionEvents;
      const m = members;
      const lastAt = max(e.createdAt);
      return db
        .select({
          memberId: e.memberId,
          username: m.username,
          name: m.name,
          currency: m.currency,
          depositRefused: hitCount('DEPOSIT_LIMIT_REFUSED'),
          depositPassed: hitCount('DEPOSIT_LIMIT_PASSED'),
          lossRefused: hitCount('LOSS_LIMIT_REFUSED'),
          lastAt: sql<Date>`${lastAt}`.mapWith(e.createdAt),
        })
        .from(e)
        .innerJoin(m, eq(m.id, e.memberId))
        .where(and(inArray(e.kind, [...LIMIT_HIT_EVENTS]), gte(e.createdAt, range.from), lt(e.createdAt, range.to)))
        .groupBy(e.memberId, m.username, m.name, m.currency)
        .orderBy(desc(lastAt), desc(e.memberId))
        .limit(limit + 1)
        .offset((page - 1) * limit);
    },

    /** How many members have an exclusion of each kind in force at `now`. */
    async inForceCounts(db: Db | Tx, now: Date): Promise<{ kind: string; n: number }[]> {
      const t = protectionExclusions;
      return db
        .select({ kind: t.kind, n: countDistinct(t.memberId) })
        .from(t)
        .where(and(isNull(t.endedAt), lte(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now))))
        .groupBy(t.kind);
    },
  };
}
export type ProtectionOpsRepository = ReturnType<typeof createProtectionOpsRepository>;
