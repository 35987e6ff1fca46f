// SQL of invites: the referrer of a depositor. The earnings page and whether invitees have played
// read other modules' tables: `invite.hot-path.ts`.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';

const referrers = alias(members, 'referrers');

export function createInviteRepository(db: Db) {
  return {
    /** The member who invited `memberId` (id and currency), or null. */
    async referrerOf(memberId: number) {
      const [row] = await db
        .select({ id: referrers.id, currency: referrers.currency })
        .from(members)
        .innerJoin(referrers, eq(referrers.id, members.referrerId))
        .where(eq(members.id, memberId))
        .limit(1);
      return row ?? null;
    },
  };
}
export type InviteRepository = ReturnType<typeof createInviteRepository>;
