// The exclusion gate: while a time-out or a self-exclusion is in force, money may not go in
// (transfers into games, bonuses, promotion codes, spin, coupons, invite and refund collection).
import type { ExclusionKind } from '@krapao/contracts/protection';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { protectionExclusions } from '../../db/schema/protection.ts';
import { AppError } from '../../lib/app-error.ts';

export type ActiveExclusion = { id: number; kind: ExclusionKind; startsAt: Date; endsAt: Date | null };

/** The exclusion in force at `now` (the one ending last when several overlap), or null. */
export async function activeExclusion(
  db: Db | Tx,
  memberId: number,
  now = new Date(),
): Promise<ActiveExclusion | null> {
  const t = protectionExclusions;
  const rows = await db
    .select({ id: t.id, kind: t.kind, startsAt: t.startsAt, endsAt: t.endsAt })
    .from(t)
    .where(
      and(eq(t.memberId, memberId), isNull(t.endedAt), lte(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now))),
    )
    .orderBy(desc(t.id));
  if (rows.length === 0) return null;
  // A permanent one outlasts every other; otherwise the latest end date names the exclusion.
  const last = rows.reduce((a, b) => {
    if (a.endsAt === null) return a;
    if (b.endsAt === null) return b;
    return b.endsAt > a.endsAt ? b : a;
  });
  return { ...last, kind: last.kind as ExclusionKind };
}

/** Throws PROTECTION_EXCLUDED {kind, endsAt} while the member is excluded. */
export async function assertNotExcluded(db: Db | Tx, memberId: number, now = new Date()): Promise<void> {
  const exclusion = await activeExclusion(db, memberId, now);
  if (exclusion) {
    throw new AppError('PROTECTION_EXCLUDED', {
      kind: exclusion.kind,
      endsAt: exclusion.endsAt ? exclusion.endsAt.toISOString() : null,
    });
  }
}

/** True while the member is excluded: lists of promotions answer empty then. */
export async function isExcluded(db: Db | Tx, memberId: number, now = new Date()): Promise<boolean> {
  return (await activeExclusion(db, memberId, now)) !== null;
}
