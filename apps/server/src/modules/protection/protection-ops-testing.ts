// Helpers the console's protection tests share: limits, exclusions and events written straight to
// the database, at the times a test needs.
import { opsProtectionPaths } from '@krapao/contracts/ops/protection';
import type { LimitKind, LimitPeriod } from '@krapao/contracts/protection';
import { protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';
import type { TestApp } from '../../test/test-app.ts';
import { addMonths } from './protection-ops.service.ts';

export const DAY = 24 * 60 * 60_000;

export const memberPath = (memberId: number) => opsProtectionPaths.member.replace(':memberId', String(memberId));
export const endPath = (memberId: number, exclusionId: number) =>
  opsProtectionPaths.endExclusion.replace(':memberId', String(memberId)).replace(':exclusionId', String(exclusionId));

/** `months` calendar months before now. */
export const monthsAgo = (months: number, now = new Date()) => addMonths(now, -months);

export async function addLimit(
  t: TestApp,
  memberId: number,
  limit: { kind: LimitKind; period: LimitPeriod; amount: bigint; pendingAmount?: bigint; pendingSince?: Date },
): Promise<void> {
  await t.db.insert(protectionLimits).values({ memberId, ...limit });
}

/** An exclusion from `startsAt` for `days` or `months`; neither: permanent. Answers its id. */
export async function addExclusion(
  t: TestApp,
  memberId: number,
  x: { kind: 'TIMEOUT' | 'SELF_EXCLUSION'; startsAt: Date; days?: number; months?: number },
): Promise<number> {
  const endsAt =
    x.days !== undefined
      ? new Date(x.startsAt.getTime() + x.days * DAY)
      : x.months !== undefined
        ? addMonths(x.startsAt, x.months)
        : null;
  const [row] = await t.db
    .insert(protectionExclusions)
    .values({ memberId, kind: x.kind, startsAt: x.startsAt, endsAt, createdAt: x.startsAt })
    .returning({ id: protectionExclusions.id });
  return row!.id;
}

export async function addEvent(
  t: TestApp,
  memberId: number,
  kind: string,
  opts: { at: Date; staffId?: number; detail?: Record<string, unknown> },
): Promise<void> {
  await t.db
    .insert(protectionEvents)
    .values({ memberId, kind, detail: opts.detail ?? {}, staffId: opts.staffId ?? null, createdAt: opts.at });
}
