// Our side of the bank feed: who sent a transfer (a member's registered bank account) and the
// members' manual transfer notices (POST /api/wallet/add) the feed is matched against.
import type { Currency } from '@krapao/contracts/constants';
import { and, asc, count, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bankAccounts, members } from '../../../db/schema/account.ts';
import { depositNotices, depositReferences } from '../../../db/schema/deposits.ts';

export type Sender = { memberId: number; currency: Currency };

export function createBankNoticeRepository(db: Db) {
  return {
    /** The member whose registered bank account this is (unique per bank and number), or null. */
    async senderOf(tx: Tx, bankCode: string, accountNo: string): Promise<Sender | null> {
      const [row] = await tx
        .select({ memberId: members.id, currency: members.currency })
        .from(bankAccounts)
        .innerJoin(members, eq(members.id, bankAccounts.memberId))
        .where(and(eq(bankAccounts.bankCode, bankCode), eq(bankAccounts.accountNo, accountNo)))
        .limit(1);
      return row ? { memberId: row.memberId, currency: row.currency as Currency } : null;
    },

    async insertNotice(memberId: number, amount: bigint, currency: Currency, now: Date) {
      const [row] = await db
        .insert(depositNotices)
        .values({ memberId, amount, currency, status: 'OPEN', createdAt: now, updatedAt: now })
        .returning({ id: depositNotices.id });
      return row!.id;
    },

    async openNoticeCount(memberId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(depositNotices)
        .where(and(eq(depositNotices.memberId, memberId), eq(depositNotices.status, 'OPEN')));
      return row?.n ?? 0;
    },

    /** The member's oldest OPEN notice for exactly this amount filed within [from, to], locked for tx. */
    async claimNotice(tx: Tx, q: { memberId: number; amount: bigint; currency: Currency; from: Date; to: Date }) {
      const [row] = await tx
        .select({ id: depositNotices.id })
        .from(depositNotices)
        .where(
          and(
            eq(depositNotices.memberId, q.memberId),
            eq(depositNotices.amount, q.amount),
            eq(depositNotices.currency, q.currency),
            eq(depositNotices.status, 'OPEN'),
            gte(depositNotices.createdAt, q.from),
            lte(depositNotices.createdAt, q.to),
          ),
        )
        .orderBy(asc(depositNotices.createdAt), asc(depositNotices.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row?.id ?? null;
    },

    /** One OPEN notice locked for tx (null when another sweep holds it or it is no longer OPEN). */
    async lockOpenNotice(tx: Tx, id: number) {
      const [row] = await tx
        .select({ id: depositNotices.id })
        .from(depositNotices)
        .where(and(eq(depositNotices.id, id), eq(depositNotices.status, 'OPEN')))
        .for('update', { skipLocked: true });
      return row !== undefined;
    },

    async matchNotice(tx: Tx, id: number, feedId: number, now: Date) {
      await tx
        .update(depositNotices)
        .set({ status: 'MATCHED', feedId, updatedAt: now })
        .where(and(eq(depositNotices.id, id), eq(depositNotices.status, 'OPEN')));
    },

    /** OPEN notices filed since `since`, with the filer's registered bank account: late matching. */
    async recentOpenNotices(since: Date, limit: number) {
      return db
        .select({
          id: depositNotices.id,
          memberId: depositNotices.memberId,
          amount: depositNotices.amount,
          currency: depositNotices.currency,
          createdAt: depositNotices.createdAt,
          bankCode: bankAccounts.bankCode,
          accountNo: bankAccounts.accountNo,
        })
        .from(depositNotices)
        .innerJoin(bankAccounts, eq(bankAccounts.memberId, depositNotices.memberId))
        .where(and(eq(depositNotices.status, 'OPEN'), gte(depositNotices.createdAt, since)))
        .orderBy(asc(depositNotices.id))
        .limit(limit);
    },

    /** Which of these BANK references have credited a wallet already. */
    async usedBankReferences(references: string[]): Promise<Set<string>> {
      if (references.length === 0) return new Set();
      const rows = await db
        .select({ reference: depositReferences.reference })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, 'BANK'), inArray(depositReferences.reference, references)));
      return new Set(rows.map((r) => r.reference));
    },

    /** OPEN notices filed before `before` will not be matched any more. */
    async expireNotices(before: Date, now: Date): Promise<number> {
      const rows = await db
        .update(depositNotices)
        .set({ status: 'EXPIRED', updatedAt: now })
        .where(and(eq(depositNotices.status, 'OPEN'), lt(depositNotices.createdAt, before)))
        .returning({ id: depositNotices.id });
      return rows.length;
    },
  };
}
export type BankNoticeRepository = ReturnType<typeof createBankNoticeRepository>;
