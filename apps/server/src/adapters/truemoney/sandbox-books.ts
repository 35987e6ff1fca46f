// The sandbox TrueMoney's own books (table sandbox_truemoney): gift vouchers and the transfers that
// reached the house wallet. What the real party keeps on its side; the adapter reads it like an API.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sandboxTruemoney as tm } from '../../db/schema/deposits.ts';
import type { IncomingKind, IncomingMoney, RedeemResult, Voucher } from './truemoney.port.ts';

/** How long a new gift voucher can be redeemed. */
export const VOUCHER_TTL_MS = 24 * 60 * 60 * 1000;

const addMeta = (meta: Record<string, unknown>) => sql`${tm.meta} || ${JSON.stringify(meta)}::jsonb`;
const notExpired = (nowIso: string) =>
  sql`coalesce((${tm.meta}->>'expireAt')::timestamptz > ${nowIso}::timestamptz, true)`;

export function createTruemoneyBooks(db: Db, now: () => Date) {
  async function verify(hash: string): Promise<Voucher | null> {
    const [row] = await db
      .select()
      .from(tm)
      .where(and(eq(tm.kind, 'VOUCHER'), eq(tm.ref, hash)))
      .limit(1);
    if (!row) return null;
    const expireAt = typeof row.meta.expireAt === 'string' ? new Date(row.meta.expireAt) : null;
    const expired = row.status === 'AVAILABLE' && expireAt !== null && expireAt <= now();
    return {
      hash: row.ref,
      amount: row.amount,
      status: expired ? 'EXPIRED' : (row.status as Voucher['status']),
      redeemedBy: row.redeemedBy,
    };
  }

  return {
    verify,

    /** One atomic UPDATE: of any number of parallel redeems, exactly one takes the voucher. */
    async redeem(hash: string, housePhone: string, redeemedBy: string): Promise<RedeemResult> {
      const at = now().toISOString();
      const [taken] = await db
        .update(tm)
        .set({ status: 'REDEEMED', redeemedBy, meta: addMeta({ mobile: housePhone, redeemedAt: at }) })
        .where(and(eq(tm.kind, 'VOUCHER'), eq(tm.ref, hash), eq(tm.status, 'AVAILABLE'), notExpired(at)))
        .returning({ amount: tm.amount });
      if (taken) return { outcome: 'REDEEMED', amount: taken.amount };
      const voucher = await verify(hash);
      if (!voucher) return { outcome: 'NOT_FOUND' };
      if (voucher.status === 'REDEEMED') return { outcome: 'ALREADY_REDEEMED', redeemedBy: voucher.redeemedBy };
      return { outcome: 'EXPIRED' };
    },

    async incoming(tx: Tx, opts: { limit: number; kinds: readonly IncomingKind[] }): Promise<IncomingMoney[]> {
      const kinds: SQL[] = [];
      if (opts.kinds.includes('VOUCHER')) kinds.push(and(eq(tm.kind, 'VOUCHER'), eq(tm.status, 'REDEEMED'))!);
      if (opts.kinds.includes('TRANSFER')) kinds.push(and(eq(tm.kind, 'TRANSFER'), eq(tm.status, 'RECEIVED'))!);
      if (kinds.length === 0 || opts.limit <= 0) return [];
      const rows = await tx
        .select()
        .from(tm)
        .where(and(isNull(tm.processedAt), or(...kinds)))
        .orderBy(asc(tm.createdAt), asc(tm.id))
        .limit(opts.limit)
        .for('update', { skipLocked: true });
      return rows.map(
        (r): IncomingMoney =>
          r.kind === 'VOUCHER'
            ? { kind: 'VOUCHER', ref: r.ref, amount: r.amount, redeemedBy: r.redeemedBy, at: r.createdAt }
            : { kind: 'TRANSFER', ref: r.ref, amount: r.amount, fromPhone: r.fromPhone ?? '', at: r.createdAt },
      );
    },

    async markProcessed(tx: Tx, ref: string, outcome: string): Promise<void> {
      await tx
        .update(tm)
        .set({ processedAt: now(), meta: addMeta({ outcome }) })
        .where(eq(tm.ref, ref));
    },

    /** A new gift voucher (what a TrueMoney user creates in the app and shares as a link). */
    async createVoucher(input: { amount: bigint; expireAt?: Date }): Promise<{ hash: string; amount: bigint }> {
      const hash = randomBytes(16).toString('hex');
      const expireAt = input.expireAt ?? new Date(now().getTime() + VOUCHER_TTL_MS);
      await db
        .insert(tm)
        .values({ kind: 'VOUCHER', ref: hash, amount: input.amount, status: 'AVAILABLE', meta: { expireAt } });
      return { hash, amount: input.amount };
    },

    /** A TrueMoney user sending money from their phone to the house wallet. */
    async createTransfer(input: { fromPhone: string; toPhone: string; amount: bigint }): Promise<{ ref: string }> {
      const ref = `T${randomBytes(10).toString('hex').toUpperCase()}`;
      await db.insert(tm).values({
        kind: 'TRANSFER',
        ref,
        fromPhone: input.fromPhone,
        amount: input.amount,
        status: 'RECEIVED',
        meta: { toPhone: input.toPhone },
      });
      return { ref };
    },

    async byRef(ref: string) {
      const [row] = await db.select().from(tm).where(eq(tm.ref, ref)).limit(1);
      return row ?? null;
    },
  };
}
export type TruemoneyBooks = ReturnType<typeof createTruemoneyBooks>;
