// Invites (docs/product.md §4.3): the referral link, invitees' deposits earning the referrer a share.
import { z } from 'zod';
import { ZPageRequest } from './http.ts';

export const invitePaths = {
  list: '/api/invite',
  bonus: '/api/invite/bonus',
  banners: '/api/invite/banners',
} as const;

export const ZInviteListRequest = ZPageRequest;
/** One earning: the invitee's name, the share earned and when. */
export const ZInviteRow = z.object({ from: z.object({ name: z.string() }), amount: z.number(), createdAt: z.string() });
export type TInviteRow = z.infer<typeof ZInviteRow>;
export const ZInviteListResponse = z.object({ total: z.number(), invites: z.array(ZInviteRow) });
export type TInviteListResponse = z.infer<typeof ZInviteListResponse>;
/** The claim: the earned amount moves to the wallet under the invite condition. */
export const ZInviteBonusResponse = z.object({ message: z.string(), amount: z.number() });
export type TInviteBonusResponse = z.infer<typeof ZInviteBonusResponse>;

/** The referral link: /register?code=PR{user id}. */
export function referralLink(origin: string, userId: string, prefix = 'PR'): string {
  return `${origin}/register?code=${prefix}${encodeURIComponent(userId)}`;
}
