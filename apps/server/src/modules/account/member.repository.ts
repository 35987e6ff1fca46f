import type { Currency } from '@krapao/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { banks } from '../../db/schema/lookup.ts';
import { memberChanged } from '../../lib/member-changes.ts';

export type NewMember = {
  username: string;
  name: string;
  passwordHash: string;
  currency: Currency;
  sourceCode: string | null;
  referrerId: number | null;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
};

export function createMemberRepository(db: Db) {
  return {
    /** Member, payout bank account and WALLET at 0 in one transaction. */
    async insert(m: NewMember, tx?: Tx): Promise<number> {
      const run = async (t: Tx) => {
        const [row] = await t
          .insert(members)
          .values({
            username: m.username,
            name: m.name,
            passwordHash: m.passwordHash,
            currency: m.currency,
            sourceCode: m.sourceCode,
            referrerId: m.referrerId,
          })
          .returning({ id: members.id });
        const id = row!.id;
        await t
          .insert(bankAccounts)
          .values({ memberId: id, bankCode: m.bankCode, accountName: m.bankAccountName, accountNo: m.bankAccountNo });
        await t.insert(ledgerAccounts).values({ memberId: id, kind: 'MEMBER', code: 'WALLET', currency: m.currency });
        return id;
      };
      return tx ? run(tx) : db.transaction(run);
    },
    async byId(id: number) {
      const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
      return row ?? null;
    },
    async byUsername(username: string) {
      const [row] = await db.select().from(members).where(eq(members.username, username)).limit(1);
      return row ?? null;
    },
    async bankAccountOf(memberId: number) {
      const [row] = await db
        .select({
          bankCode: bankAccounts.bankCode,
          accountName: bankAccounts.accountName,
          accountNo: bankAccounts.accountNo,
          nameTH: banks.nameTH,
          nameEN: banks.nameEN,
        })
        .from(bankAccounts)
        .innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
        .where(eq(bankAccounts.memberId, memberId))
        .limit(1);
      return row ?? null;
    },
    async bankAccountTaken(bankCode: string, accountNo: string) {
      const [row] = await db
        .select({ memberId: bankAccounts.memberId })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.bankCode, bankCode), eq(bankAccounts.accountNo, accountNo)))
        .limit(1);
      return row !== undefined;
    },
    /** The member proved their phone (the username) by OTP. */
    async markPhoneVerified(tx: Tx, memberId: number, at: Date) {
      await tx.update(members).set({ phoneVerifiedAt: at }).where(eq(members.id, memberId));
    },
    async updateName(memberId: number, name: string, now: Date) {
      await db.update(members).set({ name, updatedAt: now }).where(eq(members.id, memberId));
      memberChanged(db, { members: [memberId] });
    },
    /**
     * The new password and the next credential version in one statement, only while the version is
     * still `fromVersion` (the one whose password was checked): answers the new version, or null.
     */
    async updatePasswordHash(memberId: number, passwordHash: string, fromVersion: number, now: Date) {
      const [row] = await db
        .update(members)
        .set({ passwordHash, credentialVersion: sql`${members.credentialVersion} + 1`, updatedAt: now })
        .where(and(eq(members.id, memberId), eq(members.credentialVersion, fromVersion)))
        .returning({ credentialVersion: members.credentialVersion });
      return row?.credentialVersion ?? null;
    },
    async updateBankAccountName(memberId: number, accountName: string, now: Date) {
      await db.update(bankAccounts).set({ accountName, updatedAt: now }).where(eq(bankAccounts.memberId, memberId));
      memberChanged(db, { members: [memberId] });
    },
    async walletOf(memberId: number) {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, 'WALLET')))
        .limit(1);
      return row ?? null;
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
export type MemberBankAccount = NonNullable<Awaited<ReturnType<MemberRepository['bankAccountOf']>>>;

const UNIQUE_CONFLICTS = {
  members_username_unique: 'username',
  bank_accounts_bank_no_key: 'bankAccount',
} as const;

/** Which registration uniqueness a failed insert ran into (a parallel registration won), or null. */
export function uniqueConflict(err: unknown): (typeof UNIQUE_CONFLICTS)[keyof typeof UNIQUE_CONFLICTS] | null {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string' && Object.hasOwn(UNIQUE_CONFLICTS, constraint)) {
      return UNIQUE_CONFLICTS[constraint as keyof typeof UNIQUE_CONFLICTS];
    }
  }
  return null;
}
