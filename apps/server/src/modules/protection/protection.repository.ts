// The member's own protections in the database: limits, exclusions, events, the reality check.
import type { Currency } from '@krapao/contracts/constants';
import type { ProtectionEventDetail, ProtectionEventKind } from '@krapao/contracts/ops/protection-events';
import type { ExclusionKind, LimitKind, LimitPeriod } from '@krapao/contracts/protection';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';

export type LimitRow = typeof protectionLimits.$inferSelect;

export function createProtectionRepository() {
  const l = protectionLimits;
  return {
    async member(tx: Db | Tx, memberId: number) {
      const [row] = await tx
        .select({ currency: members.currency, realityCheckMinutes: members.realityCheckMinutes })
        .from(members)
        .where(eq(members.id, memberId));
      return row ? { currency: row.currency as Currency, realityCheckMinutes: row.realityCheckMinutes ?? 0 } : null;
    },
    async limitsOf(tx: Db | Tx, memberId: number): Promise<LimitRow[]> {
      return tx.select().from(l).where(eq(l.memberId, memberId)).orderBy(asc(l.kind), asc(l.period));
    },
    async limit(tx: Tx, memberId: number, kind: LimitKind, period: LimitPeriod): Promise<LimitRow | null> {
      const [row] = await tx
        .select()
        .from(l)
        .where(and(eq(l.memberId, memberId), eq(l.kind, kind), eq(l.period, period)));
      return row ?? null;
    },
    /** Writes the limit's amount and waiting change as given (insert or update). */
    async saveLimit(
      tx: Tx,
      row: Pick<LimitRow, 'memberId' | 'kind' | 'period' | 'amount' | 'pendingAmount' | 'pendingSince' | 'updatedAt'>,
    ) {
      const { amount, pendingAmount, pendingSince, updatedAt } = row;
      await tx
        .insert(l)
        .values(row)
        .onConflictDoUpdate({
          target: [l.memberId, l.kind, l.period],
          set: { amount, pendingAmount, pendingSince, updatedAt },
        });
    },
    async deleteLimit(tx: Tx, memberId: number, kind: LimitKind, period: LimitPeriod) {
      await tx.delete(l).where(and(eq(l.memberId, memberId), eq(l.kind, kind), eq(l.period, period)));
    },
    async insertExclusion(tx: Tx, memberId: number, kind: ExclusionKind, startsAt: Date, endsAt: Date | null) {
      const [row] = await tx
        .insert(protectionExclusions)
        .values({ memberId, kind, startsAt, endsAt, createdAt: startsAt })
        .returning({ id: protectionExclusions.id });
      return row!.id;
    },
    async setRealityCheck(tx: Tx, memberId: number, minutes: number, now: Date) {
      await tx.update(members).set({ realityCheckMinutes: minutes, updatedAt: now }).where(eq(members.id, memberId));
    },
    async event<K extends ProtectionEventKind>(
      tx: Db | Tx,
      memberId: number,
      kind: K,
      detail: ProtectionEventDetail<K>,
      now: Date,
    ) {
      await tx.insert(protectionEvents).values({ memberId, kind, detail, createdAt: now });
    },
  };
}
export type ProtectionRepository = ReturnType<typeof createProtectionRepository>;
