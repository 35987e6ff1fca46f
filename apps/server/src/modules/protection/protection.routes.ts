// The member's protections: limits, time-out and self-exclusion, reality check (docs/product.md).
import {
  protectionPaths,
  ZExclusionRequest,
  ZLimitRef,
  ZLimitRequest,
  ZProtectionState,
  ZRealityCheckRequest,
  ZSessionSummary,
} from '@krapao/contracts/protection';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
import { createSessionService } from '../auth/index.ts';
import { createProtectionService } from './protection.service.ts';

export async function protectionRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const protection = createProtectionService(ctx, createSessionService(ctx));
  const tags = ['protection'];
  const onRequest = [app.authenticate];
  const stateOut = { 200: ZProtectionState };

  app.get(protectionPaths.state, { onRequest, schema: { tags, response: stateOut } }, (req) =>
    protection.state(memberOf(req).memberId),
  );
  app.put(protectionPaths.limit, { onRequest, schema: { tags, body: ZLimitRequest, response: stateOut } }, (req) =>
    protection.setLimit(memberOf(req).memberId, req.body),
  );
  app.post(protectionPaths.confirm, { onRequest, schema: { tags, body: ZLimitRef, response: stateOut } }, (req) =>
    protection.confirm(memberOf(req).memberId, req.body),
  );
  app.post(protectionPaths.cancel, { onRequest, schema: { tags, body: ZLimitRef, response: stateOut } }, (req) =>
    protection.cancel(memberOf(req).memberId, req.body),
  );
  app.post(
    protectionPaths.exclusion,
    { onRequest, schema: { tags, body: ZExclusionRequest, response: stateOut } },
    (req) => protection.exclude(memberOf(req).memberId, req.body),
  );
  app.put(
    protectionPaths.realityCheck,
    { onRequest, schema: { tags, body: ZRealityCheckRequest, response: stateOut } },
    (req) => protection.setRealityCheck(memberOf(req).memberId, req.body.minutes),
  );
  app.get(protectionPaths.session, { onRequest, schema: { tags, response: { 200: ZSessionSummary } } }, (req) => {
    const { memberId, sessionId } = memberOf(req);
    return protection.session(memberId, sessionId);
  });
}
