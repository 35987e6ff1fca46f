// Our side of TrueMoney deposits: who a voucher or transfer was credited to, and whose phone sent it.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { members } from '../../../db/schema/account.ts';
import { depositReferences } from '../../../db/schema/deposits.ts';

export const TRUEMONEY_SOURCE = 'TRUEMONEY';
export const voucherReference = (hash: string) => `voucher:${hash}`;
export const transferReference = (ref: string) => `transfer:${ref}`;
/** The TRUEMONEY deposit reference an incoming item credits under. */
export const referenceOf = (item: { kind: 'VOUCHER' | 'TRANSFER'; ref: string }) =>
  item.kind === 'VOUCHER' ? voucherReference(item.ref) : transferReference(item.ref);

export function createTruemoneyRepository(db: Db) {
  return {
    /** Whether a voucher's reference was claimed: credited to a member, or refused by staff as not ours. */
    async voucherClaimed(hash: string): Promise<boolean> {
      const [row] = await db
        .select({ source: depositReferences.source })
        .from(depositReferences)
        .where(
          and(eq(depositReferences.source, TRUEMONEY_SOURCE), eq(depositReferences.reference, voucherReference(hash))),
        )
        .limit(1);
      return row !== undefined;
    },
    async memberById(tx: Tx | Db, id: number) {
      const [row] = await tx
        .select({ id: members.id, currency: members.currency, phoneVerifiedAt: members.phoneVerifiedAt })
        .from(members)
        .where(eq(members.id, id))
        .limit(1);
      return row ?? null;
    },
    /** A member's username is their registered phone. */
    async memberByPhone(tx: Tx, phone: string) {
      const [row] = await tx
        .select({ id: members.id, currency: members.currency, phoneVerifiedAt: members.phoneVerifiedAt })
        .from(members)
        .where(eq(members.username, phone))
        .limit(1);
      return row ?? null;
    },
  };
}
