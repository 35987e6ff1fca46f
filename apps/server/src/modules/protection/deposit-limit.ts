// Deposit limits: credited deposits over a rolling window. Money the member asks to put in (a QR, a
// TrueMoney gift link) is refused past what the tightest limit has left; money that arrives without
// asking is credited, and passing a limit that way is recorded (DEPOSIT_LIMIT_PASSED). Asks run
// under the member row lock; an ask whose money is still on its way holds its amount (a
// DEPOSIT_HOLD row) until it is credited or released, so parallel asks never add up past a limit.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { ProtectionEventDetail } from '@krapao/contracts/ops/protection-events';
import type { LimitPeriod } from '@krapao/contracts/protection';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { depositReferences, qrCodes } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { protectionEvents } from '../../db/schema/protection.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotExcluded } from './exclusion-gate.ts';
import { currencyOf, limitsInForce } from './limits-in-force.ts';
import { windowStart } from './loss-limit.ts';

/** How long an ask holds its amount when neither a credit nor a release ends the hold. */
export const DEPOSIT_HOLD_MS = 10 * 60_000;
export const DEPOSIT_HOLD = 'DEPOSIT_HOLD';

/** Takes the member row lock: the first lock of every money path. Answers the member's currency. */
export async function lockMember(tx: Tx, memberId: number): Promise<Currency> {
  const [row] = await tx
    .select({ currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!row) throw new AppError('invalid-token');
  return row.currency as Currency;
}

/** Credited deposits (DEPOSIT, SUCCESS) of the member inside the rolling window of `period`. */
export async function depositUsed(
  db: Db | Tx,
  memberId: number,
  period: LimitPeriod,
  now = new Date(),
): Promise<bigint> {
  const t = ledgerTransactions;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${t.amount}), 0)` })
    .from(t)
    .where(
      and(
        eq(t.memberId, memberId),
        eq(t.type, 'DEPOSIT'),
        eq(t.status, 'SUCCESS'),
        gt(t.createdAt, windowStart(period, now)),
      ),
    );
  return BigInt(row?.sum ?? 0);
}

/** Amounts asked for and not yet credited: live holds, and (when `openQr`) the member's open QRs. */
async function heldAmount(db: Db | Tx, memberId: number, now: Date, openQr: boolean): Promise<bigint> {
  const e = protectionEvents;
  const [held] = await db
    .select({ sum: sql<string>`coalesce(sum((${e.detail}->>'amount')::bigint), 0)` })
    .from(e)
    .where(
      and(
        eq(e.memberId, memberId),
        eq(e.kind, DEPOSIT_HOLD),
        gt(e.createdAt, new Date(now.getTime() - DEPOSIT_HOLD_MS)),
        sql`not exists (select 1 from ${depositReferences} d where d.source = ${e.detail}->>'source'
          and d.reference = ${e.detail}->>'reference')`,
      ),
    );
  let sum = BigInt(held?.sum ?? 0);
  if (openQr) {
    const [qr] = await db
      .select({ sum: sql<string>`coalesce(sum(${qrCodes.amount}), 0)` })
      .from(qrCodes)
      .where(and(eq(qrCodes.memberId, memberId), eq(qrCodes.status, 'OPEN'), gt(qrCodes.expireAt, now)));
    sum += BigInt(qr?.sum ?? 0);
  }
  return sum;
}

export type DepositLimitLeft = { period: LimitPeriod; limit: bigint; used: bigint; remaining: bigint };

/** Every deposit limit in force with what its window has used and left (never below 0). */
export async function depositLimitsLeft(db: Db | Tx, memberId: number, now = new Date()): Promise<DepositLimitLeft[]> {
  const limits = await limitsInForce(db, memberId, 'DEPOSIT');
  const out: DepositLimitLeft[] = [];
  for (const l of limits) {
    const { period, amount: limit } = l;
    const used = await depositUsed(db, memberId, period, now);
    out.push({ period, limit, used, remaining: limit > used ? limit - used : 0n });
  }
  return out;
}

export type DepositAsk = {
  /** Count the member's open QRs as asked for (a QR create replaces them, so it does not). */
  openQr?: boolean;
};

/**
 * Refuses an ask for `amount` (minor units) above what the tightest deposit limit has left, less
 * what other asks hold: PROTECTION_DEPOSIT_LIMIT {period, remaining, currency}. Run under the member
 * row lock (lockMember).
 */
export async function assertDepositAllowed(
  tx: Tx,
  memberId: number,
  amount: bigint,
  now = new Date(),
  ask: DepositAsk = {},
): Promise<void> {
  const limits = await depositLimitsLeft(tx, memberId, now);
  if (limits.length === 0) return;
  const held = await heldAmount(tx, memberId, now, ask.openQr ?? false);
  let tightest: { period: LimitPeriod; remaining: bigint } | null = null;
  for (const l of limits) {
    const remaining = l.remaining > held ? l.remaining - held : 0n;
    if (!tightest || remaining < tightest.remaining) tightest = { period: l.period, remaining };
  }
  if (!tightest || amount <= tightest.remaining) return;
  const currency = await currencyOf(tx, memberId);
  throw new AppError('PROTECTION_DEPOSIT_LIMIT', {
    period: tightest.period,
    remaining: fromMinor(tightest.remaining, currency),
    currency,
  });
}

/**
 * Holds `amount` for an ask whose money is still on its way, inside the transaction that checked it.
 * The hold ends when a deposit claims (source, reference), on release, or after DEPOSIT_HOLD_MS.
 */
export async function holdDeposit(
  tx: Tx,
  memberId: number,
  hold: { amount: bigint; source: string; reference: string },
  now = new Date(),
): Promise<number> {
  const [row] = await tx
    .insert(protectionEvents)
    .values({
      memberId,
      kind: DEPOSIT_HOLD,
      detail: { amount: hold.amount.toString(), source: hold.source, reference: hold.reference },
      createdAt: now,
    })
    .returning({ id: protectionEvents.id });
  return row!.id;
}

/** Ends a hold: its ask failed for sure, or its money is now counted another way (an open QR, a credit). */
export async function releaseDepositHold(db: Db | Tx, holdId: number): Promise<void> {
  await db
    .delete(protectionEvents)
    .where(and(eq(protectionEvents.id, holdId), eq(protectionEvents.kind, DEPOSIT_HOLD)));
}

/**
 * Writes DEPOSIT_LIMIT_REFUSED in a transaction of its own when `err` is a deposit-limit refusal
 * (the refused transaction rolled back). Call it from the caller's catch, then rethrow.
 */
export async function noteDepositRefused(
  db: Db,
  memberId: number,
  amount: bigint,
  channel: string,
  err: unknown,
  now = new Date(),
): Promise<void> {
  if (!(err instanceof AppError) || err.code !== 'PROTECTION_DEPOSIT_LIMIT') return;
  const { period, remaining, currency } = err.details as { period: LimitPeriod; remaining: number; currency: Currency };
  const detail: ProtectionEventDetail<'DEPOSIT_LIMIT_REFUSED'> = {
    channel,
    amount: fromMinor(amount, currency),
    period,
    remaining,
    currency,
  };
  await db.insert(protectionEvents).values({ memberId, kind: 'DEPOSIT_LIMIT_REFUSED', detail, createdAt: now });
}

/**
 * After a credit, in its transaction: a deposit limit the member's credited deposits now exceed is
 * recorded as DEPOSIT_LIMIT_PASSED, once per limit per rolling window.
 */
export async function notePassedLimits(tx: Tx, memberId: number, now = new Date()): Promise<void> {
  const limits = await depositLimitsLeft(tx, memberId, now);
  for (const l of limits) {
    if (l.used <= l.limit) continue;
    const e = protectionEvents;
    const [already] = await tx
      .select({ id: e.id })
      .from(e)
      .where(
        and(
          eq(e.memberId, memberId),
          eq(e.kind, 'DEPOSIT_LIMIT_PASSED'),
          sql`${e.detail}->>'period' = ${l.period}`,
          gt(e.createdAt, windowStart(l.period, now)),
        ),
      )
      .limit(1);
    if (already) continue;
    const currency = await currencyOf(tx, memberId);
    await tx.insert(e).values({
      memberId,
      kind: 'DEPOSIT_LIMIT_PASSED',
      detail: {
        period: l.period,
        limit: fromMinor(l.limit, currency),
        used: fromMinor(l.used, currency),
        currency,
      } satisfies ProtectionEventDetail<'DEPOSIT_LIMIT_PASSED'>,
      createdAt: now,
    });
  }
}

export type DepositAskInput = DepositAsk & {
  /** Minor units of the member's currency. */
  amount: bigint;
  /** QR or TRUEMONEY: named in the refusal's event. */
  channel: string;
  /** The deposit reference the money will be credited under: its credit ends the hold. */
  source: string;
  reference: string;
};

/**
 * Money asked for before it moves: under the member row lock, refused while the member is excluded
 * or past a deposit limit (DEPOSIT_LIMIT_REFUSED is written after the rollback); else the amount is
 * held. Answers the hold's id (null: no deposit limit, nothing held) for `releaseDepositHold`.
 */
export async function askDeposit(
  db: Db,
  memberId: number,
  ask: DepositAskInput,
  now = new Date(),
): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      await assertNotExcluded(tx, memberId, now);
      await assertDepositAllowed(tx, memberId, ask.amount, now, ask);
      const limited = await limitsInForce(tx, memberId, 'DEPOSIT');
      if (limited.length === 0) return null;
      return holdDeposit(tx, memberId, ask, now);
    });
  } catch (err) {
    await noteDepositRefused(db, memberId, ask.amount, ask.channel, err, now);
    throw err;
  }
}
