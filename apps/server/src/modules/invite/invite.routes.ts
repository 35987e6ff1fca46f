// POST /api/invite, GET /api/invite/bonus, GET /api/invite/banners.
import { ZBannersResponse } from '@krapao/contracts/bonus';
import { invitePaths, ZInviteBonusResponse, ZInviteListRequest, ZInviteListResponse } from '@krapao/contracts/invite';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createInviteService } from './invite.service.ts';
import { inviteOpsRoutes } from './invite-ops.routes.ts';

export async function inviteRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const invites = createInviteService(ctx);
  await fastify.register(inviteOpsRoutes, { ctx });

  app.post(
    invitePaths.list,
    {
      onRequest: [app.authenticate],
      schema: { tags: ['invite'], body: ZInviteListRequest, response: { 200: ZInviteListResponse } },
    },
    (req) => invites.list(memberOf(req).memberId, req.body.page, req.body.limit),
  );

  // A GET that moves money (the wire fixes its method): replayable under an Idempotency-Key like every money call.
  app.get(
    invitePaths.bonus,
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: { tags: ['invite'], response: { 200: ZInviteBonusResponse } },
    },
    (req) => invites.claim(memberOf(req).memberId),
  );

  app.get(
    invitePaths.banners,
    { onRequest: [app.authenticate], schema: { tags: ['invite'], response: { 200: ZBannersResponse } } },
    (req) => invites.banners(memberOf(req).memberId),
  );
}
