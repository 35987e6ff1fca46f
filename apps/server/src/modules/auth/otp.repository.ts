import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { otpRequests } from '../../db/schema/auth.ts';

export type NewOtpRequest = {
  phone: string;
  tokenHash: string;
  ref: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
};

export function createOtpRepository(db: Db) {
  return {
    async insert(row: NewOtpRequest) {
      const [created] = await db.insert(otpRequests).values(row).returning({ id: otpRequests.id });
      return created!.id;
    },
    /** A request whose SMS never left is removed, so it can neither be verified nor block a resend. */
    async remove(id: number) {
      await db.delete(otpRequests).where(eq(otpRequests.id, id));
    },
    async lastSentAt(phone: string) {
      const [row] = await db
        .select({ createdAt: otpRequests.createdAt })
        .from(otpRequests)
        .where(eq(otpRequests.phone, phone))
        .orderBy(desc(otpRequests.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },
    async byTokenHash(tokenHash: string) {
      const [row] = await db.select().from(otpRequests).where(eq(otpRequests.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },
    /** Counts a try before the code is compared: null once `maxTries` are used up. */
    async takeTry(id: number, maxTries: number) {
      const [row] = await db
        .update(otpRequests)
        .set({ attempts: sql`${otpRequests.attempts} + 1` })
        .where(and(eq(otpRequests.id, id), lt(otpRequests.attempts, maxTries)))
        .returning({ attempts: otpRequests.attempts });
      return row ?? null;
    },
    async markVerified(id: number, now: Date) {
      const [row] = await db
        .update(otpRequests)
        .set({ verifiedAt: now })
        .where(and(eq(otpRequests.id, id), isNull(otpRequests.verifiedAt)))
        .returning({ id: otpRequests.id });
      return row !== undefined;
    },
    /** The newest successful verify of a phone, not yet used by a registration, verified after `since`. */
    async freshVerify(phone: string, since: Date) {
      const [row] = await db
        .select({ id: otpRequests.id, ref: otpRequests.ref })
        .from(otpRequests)
        .where(
          and(
            eq(otpRequests.phone, phone),
            isNotNull(otpRequests.verifiedAt),
            gt(otpRequests.verifiedAt, since),
            isNull(otpRequests.consumedAt),
          ),
        )
        .orderBy(desc(otpRequests.verifiedAt))
        .limit(1);
      return row ?? null;
    },
    /** Uses a verify once: false when another registration consumed it first. */
    async consume(id: number, now: Date, tx: Tx) {
      const [row] = await tx
        .update(otpRequests)
        .set({ consumedAt: now })
        .where(and(eq(otpRequests.id, id), isNull(otpRequests.consumedAt)))
        .returning({ id: otpRequests.id });
      return row !== undefined;
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
