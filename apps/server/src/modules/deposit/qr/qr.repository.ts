// The members' QRs (table qr_codes). Member reads are scoped by the session's member id; the
// webhook and the job find a QR by the gateway's reference.
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { qrCodes } from '../../../db/schema/deposits.ts';

export type QrRow = typeof qrCodes.$inferSelect;
export type QrStatus = 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED';

/** True when an insert ran into qr_codes_one_open_key: the member already has an OPEN QR. */
export function isOneOpenConflict(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'qr_codes_one_open_key';
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createQrRepository(db: Db) {
  return {
    /** The member's OPEN QR at this gateway that is still payable at `now`. */
    async openAt(memberId: number, bankCode: string, now: Date): Promise<QrRow | null> {
      const [row] = await db
        .select()
        .from(qrCodes)
        .where(
          and(
            eq(qrCodes.memberId, memberId),
            eq(qrCodes.bankCode, bankCode),
            eq(qrCodes.status, 'OPEN'),
            gt(qrCodes.expireAt, now),
          ),
        )
        .orderBy(desc(qrCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Every OPEN QR of the member, at any gateway, expired or not. */
    openOf: (memberId: number) =>
      db
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.memberId, memberId), eq(qrCodes.status, 'OPEN'))),

    async ofMember(memberId: number, id: string): Promise<QrRow | null> {
      const [row] = await db
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.id, id), eq(qrCodes.memberId, memberId)));
      return row ?? null;
    },

    /** Any member's QR: for the dev-only pay action that stands in for a bank app. */
    async byId(id: string): Promise<QrRow | null> {
      const [row] = await db.select().from(qrCodes).where(eq(qrCodes.id, id));
      return row ?? null;
    },

    async byGatewayRef(bankCode: string, gatewayRef: string): Promise<QrRow | null> {
      const [row] = await db
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.bankCode, bankCode), eq(qrCodes.gatewayRef, gatewayRef)));
      return row ?? null;
    },

    /** Throws a unique violation (isOneOpenConflict) when the member already has an OPEN QR. */
    async insertOpen(row: Omit<QrRow, 'status'>): Promise<QrRow> {
      const [inserted] = await db
        .insert(qrCodes)
        .values({ ...row, status: 'OPEN' })
        .returning();
      return inserted!;
    },

    /** OPEN → `status`; false when the QR had already left OPEN (paid, cancelled or expired). */
    async closeOpen(id: string, status: Exclude<QrStatus, 'OPEN' | 'PAID'>, now: Date): Promise<boolean> {
      const rows = await db
        .update(qrCodes)
        .set({ status, updatedAt: now })
        .where(and(eq(qrCodes.id, id), eq(qrCodes.status, 'OPEN')))
        .returning({ id: qrCodes.id });
      return rows.length > 0;
    },

    /** Any state → PAID, in the crediting transaction (money taken beats a cancel or an expiry). */
    async markPaid(tx: Tx, id: string, now: Date) {
      await tx.update(qrCodes).set({ status: 'PAID', updatedAt: now }).where(eq(qrCodes.id, id));
    },

    /**
     * Takes up to `limit` OPEN QRs past their expiry for the job. A taken QR's updated_at is set to
     * `now`, and only QRs not touched for `leaseMs` are taken: another instance (or this one after a
     * crash) skips it until then. SKIP LOCKED keeps two instances off the same rows at once.
     */
    /** Locks the ids first, then updates them: a one-statement claim can take more than `limit`. */
    claimExpired(now: Date, leaseMs: number, limit: number): Promise<QrRow[]> {
      return db.transaction(async (tx) => {
        const free = await tx
          .select({ id: qrCodes.id })
          .from(qrCodes)
          .where(
            and(
              eq(qrCodes.status, 'OPEN'),
              lte(qrCodes.expireAt, now),
              lt(qrCodes.updatedAt, new Date(now.getTime() - leaseMs)),
            ),
          )
          .orderBy(asc(qrCodes.expireAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (free.length === 0) return [];
        const ids = free.map((r) => r.id);
        return tx
          .update(qrCodes)
          .set({ updatedAt: now })
          .where(and(inArray(qrCodes.id, ids), eq(qrCodes.status, 'OPEN')))
          .returning();
      });
    },

    /** Test and operator view: how many OPEN QRs a member has. */
    async openCount(memberId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(qrCodes)
        .where(and(eq(qrCodes.memberId, memberId), eq(qrCodes.status, 'OPEN')));
      return row?.n ?? 0;
    },
  };
}
export type QrRepository = ReturnType<typeof createQrRepository>;
