// The limits a member has in force, and the member's currency: read by the deposit and loss checks.
import type { Currency } from '@krapao/contracts/constants';
import type { LimitKind, LimitPeriod } from '@krapao/contracts/protection';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { protectionLimits } from '../../db/schema/protection.ts';

export type LimitInForce = { period: LimitPeriod; amount: bigint };

/** The member's limits of `kind` that are in force (a removal still waiting keeps its limit in force). */
export async function limitsInForce(db: Db | Tx, memberId: number, kind: LimitKind): Promise<LimitInForce[]> {
  const rows = await db
    .select({ period: protectionLimits.period, amount: protectionLimits.amount })
    .from(protectionLimits)
    .where(
      and(eq(protectionLimits.memberId, memberId), eq(protectionLimits.kind, kind), isNotNull(protectionLimits.amount)),
    );
  return rows.map((r) => ({ period: r.period as LimitPeriod, amount: r.amount ?? 0n }));
}

export async function currencyOf(db: Db | Tx, memberId: number): Promise<Currency> {
  const [member] = await db.select({ currency: members.currency }).from(members).where(eq(members.id, memberId));
  return (member?.currency ?? 'BAHT') as Currency;
}
