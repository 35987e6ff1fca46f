// The console's changes to a member's own rows (members, bank_accounts of modules/account), inside the
// caller's transaction, after the member row lock (the ledger's `lockMember`). Every change that ends
// access raises credential_version in the same statement: each session made before it is dead.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { memberChanged } from '../../lib/member-changes.ts';

/** members.status: ACTIVE signs in; LOCKED is refused (INACTIVE_USER) and its sessions stop working. */
export const MEMBER_ACTIVE = 'ACTIVE';
export const MEMBER_LOCKED = 'LOCKED';

export type BankAccountChange = { bankCode: string; accountNo: string; accountName: string };

export function createOpsMemberRepository() {
  return {
    async byId(tx: Tx, memberId: number) {
      const [row] = await tx.select().from(members).where(eq(members.id, memberId)).limit(1);
      return row ?? null;
    },

    async bankAccount(tx: Tx, memberId: number) {
      const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId)).limit(1);
      return row ?? null;
    },

    /** The new status; locking also raises the credential version (every session ends for good). */
    async setStatus(tx: Tx, memberId: number, status: string, now: Date) {
      const ends = status !== MEMBER_ACTIVE;
      await tx
        .update(members)
        .set({
          status,
          updatedAt: now,
          ...(ends ? { credentialVersion: sql`${members.credentialVersion} + 1` } : {}),
        })
        .where(eq(members.id, memberId));
      memberChanged(tx, { members: [memberId] });
    },

    /** The new password hash and the next credential version in one statement. */
    async setPassword(tx: Tx, memberId: number, passwordHash: string, now: Date) {
      await tx
        .update(members)
        .set({ passwordHash, credentialVersion: sql`${members.credentialVersion} + 1`, updatedAt: now })
        .where(eq(members.id, memberId));
    },

    async setBankAccount(tx: Tx, memberId: number, change: BankAccountChange, now: Date) {
      await tx
        .update(bankAccounts)
        .set({
          bankCode: change.bankCode,
          accountNo: change.accountNo,
          accountName: change.accountName,
          updatedAt: now,
        })
        .where(eq(bankAccounts.memberId, memberId));
      memberChanged(tx, { members: [memberId] });
    },
  };
}
