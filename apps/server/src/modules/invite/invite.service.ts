// Invites (docs/product.md §4.3): the member's earnings, the claim of what waits in the
// INVITE account (to the wallet under the invite condition), the banners.
import type { TBanner } from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import type { TInviteBonusResponse, TInviteListResponse } from '@krapao/contracts/invite';
import { fromMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { minorOf, wholePercent } from '../../lib/percent.ts';
import { createMemberRepository } from '../account/index.ts';
import { createCreditConditions } from '../bonus/index.ts';
import { createLedger, INVITE_ACCOUNT, lockedMemberAccount } from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { assertNotExcluded, isExcluded } from '../protection/index.ts';
import { createInviteHotPath } from './invite.hot-path.ts';
import { inviteRulesOf } from './invite-rules.ts';

export const INVITE_DESCRIPTION = 'Invite bonus';

export function createInviteService(ctx: AppContext) {
  const hot = createInviteHotPath(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const conditions = createCreditConditions(ctx);
  const ledger = createLedger(ctx);

  async function memberCurrency(memberId: number): Promise<Currency> {
    const member = await members.byId(memberId);
    if (!member) throw new AppError('invalid-token');
    return member.currency as Currency;
  }

  return {
    async list(memberId: number, page: number, limit: number): Promise<TInviteListResponse> {
      const { total, rows } = await hot.page(memberId, page, limit);
      return {
        total,
        invites: rows.map((r) => ({
          from: { name: r.name },
          amount: fromMinor(r.amount, r.currency as Currency),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Moves the whole INVITE balance to the wallet through the condition engine (kind 'invite', the
     * `invite` setting's success / fail percentages). Locks the member row, then the INVITE account,
     * so parallel claims take turns and the second finds nothing left.
     */
    async claim(memberId: number): Promise<TInviteBonusResponse> {
      const rules = await inviteRulesOf(settings);
      if (!rules.isActive) throw new AppError('INVITE_INACTIVE');
      const currency = await memberCurrency(memberId);
      const invite = await settings.get('invite');
      return ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        await assertNotExcluded(tx, memberId, ctx.now());
        if (await conditions.active(memberId, tx)) throw new AppError('BONUS_ALREADY_ACTIVE');
        const account = await lockedMemberAccount(tx, memberId, INVITE_ACCOUNT, currency);
        const amount = account?.balance ?? 0n;
        if (!account || amount <= 0n) throw new AppError('NO_INVITE_BONUS');
        const minimum = minorOf(rules.minimumClaim, currency);
        if (amount < minimum) throw new AppError('INVITE_BONUS_FAIL', { minimum: fromMinor(minimum, currency) });
        if (rules.requireInviteePlay && !(await hot.anyEarningInviteePlayed(tx, memberId)))
          throw new AppError('NO_INVITEE_PLAY_INFO');
        await conditions.grant(tx, {
          memberId,
          currency,
          kind: 'invite',
          // The statement's from column: the money comes out of the INVITE account.
          sourceCode: INVITE_ACCOUNT,
          amount,
          fromAccountId: account.id,
          description: INVITE_DESCRIPTION,
          successPercent: wholePercent(invite?.success),
          percentFail: wholePercent(invite?.fail),
        });
        return { message: 'INVITE_BONUS_SUCCESS', amount: fromMinor(amount, currency) };
      });
    },

    /** Promotional: none while the member is excluded. */
    async banners(memberId: number): Promise<TBanner[]> {
      if (await isExcluded(ctx.db, memberId, ctx.now())) return [];
      return (await settings.get('inviteBanners')) ?? [];
    },
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
