// The spin wheel's member calls: active, setup, spin, coupon list, coupon claim.
import {
  spinPaths,
  ZCouponClaimRequest,
  ZCouponClaimResponse,
  ZCouponListResponse,
  ZSpinActive,
  ZSpinResult,
  ZSpinSetup,
} from '@krapao/contracts/spin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createCouponService } from './coupon.service.ts';
import { createSpinService } from './spin.service.ts';

/** The spin takes no input: no body, or an empty object. */
const ZNoBody = z.strictObject({}).nullish();

export async function spinRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const wheel = createSpinService(ctx);
  const coupons = createCouponService(ctx);
  const tags = ['spin'];
  const onRequest = [app.authenticate];

  app.get(spinPaths.active, { onRequest, schema: { tags, response: { 200: ZSpinActive } } }, () => wheel.active());

  app.get(spinPaths.setup, { onRequest, schema: { tags, response: { 200: ZSpinSetup } } }, (req) =>
    wheel.setup(memberOf(req).memberId),
  );

  app.post(
    spinPaths.spin,
    { onRequest, config: { idempotent: true }, schema: { tags, body: ZNoBody, response: { 200: ZSpinResult } } },
    (req) => wheel.spin(memberOf(req).memberId),
  );

  app.get(spinPaths.coupon, { onRequest, schema: { tags, response: { 200: ZCouponListResponse } } }, (req) =>
    coupons.list(memberOf(req).memberId),
  );

  app.post(
    spinPaths.claim,
    {
      onRequest,
      config: { idempotent: true },
      schema: { tags, body: ZCouponClaimRequest, response: { 200: ZCouponClaimResponse } },
    },
    (req) => coupons.claim(memberOf(req).memberId, req.body.coupon),
  );
}
