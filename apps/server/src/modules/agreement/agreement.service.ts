// The agreement (decision 053): closing the agreement modal records the member's acceptance, once.
// The first acceptedAt is kept; accepting again changes nothing.
import type { TAgreementState } from '@krapao/contracts/account';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { agreementAcceptances } from '../../db/schema/promotions.ts';

export function createAgreementService(ctx: AppContext) {
  async function state(memberId: number): Promise<TAgreementState> {
    const [row] = await ctx.db
      .select({ acceptedAt: agreementAcceptances.acceptedAt })
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.memberId, memberId))
      .limit(1);
    return row ? { accepted: true, acceptedAt: row.acceptedAt.toISOString() } : { accepted: false, acceptedAt: null };
  }

  return {
    state,
    async accept(memberId: number): Promise<TAgreementState> {
      await ctx.db.insert(agreementAcceptances).values({ memberId, acceptedAt: ctx.now() }).onConflictDoNothing();
      return state(memberId);
    },
  };
}
