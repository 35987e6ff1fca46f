// What other modules and the composition roots use of invite.
export { inviteRoutes } from './invite.routes.ts';
export { referralShareOnPlay } from './referral-share.ts';
export { seedDemoInvitee, seedInviteSettings } from './seed-invites.ts';
