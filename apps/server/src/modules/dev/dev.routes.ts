// Dev-only endpoints: registered only when NODE_ENV is not production.

import {
  devPaths,
  ZDevRefundLossesRequest,
  ZDevSettingsRequest,
  ZDevSmsQuery,
  ZDevSmsResponse,
} from '@krapao/contracts/dev';
import { ZMessageResponse } from '@krapao/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { createSandboxSms } from '../../adapters/sms/sandbox-sms.ts';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { bankNoticeDevRoutes, qrDevRoutes, slipDevRoutes, truemoneyDevRoutes } from '../deposit/index.ts';
import { providerFaultRoutes } from '../games/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { loseInLastPeriod } from '../refund/index.ts';
import { withdrawDevRoutes } from '../withdraw/index.ts';

type Options = { ctx: AppContext; inbox: ReturnType<typeof createSandboxSms>['inbox'] };

export async function devRoutes(fastify: FastifyInstance, { ctx, inbox }: Options) {
  const app = typed(fastify);
  const settings = createSettingsRepository(ctx.db);
  const tags = ['dev'];
  await fastify.register(providerFaultRoutes, { ctx });
  await fastify.register(qrDevRoutes, { ctx });
  await fastify.register(truemoneyDevRoutes, { ctx });
  await fastify.register(bankNoticeDevRoutes, { ctx });
  await fastify.register(withdrawDevRoutes, { ctx });
  await fastify.register(slipDevRoutes, { ctx });

  app.get(devPaths.sms, { schema: { tags, querystring: ZDevSmsQuery, response: { 200: ZDevSmsResponse } } }, (req) =>
    inbox(req.query.phone),
  );

  app.post(
    devPaths.refundLosses,
    { schema: { tags, body: ZDevRefundLossesRequest, response: { 200: ZMessageResponse } } },
    async (req) => {
      await loseInLastPeriod(ctx.db, ctx.config, req.body.username);
      return { message: 'OK' };
    },
  );

  app.put(
    devPaths.settings,
    { schema: { tags, body: ZDevSettingsRequest, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { slip, ...switches } = req.body;
      for (const [key, value] of Object.entries(switches)) {
        if (value !== undefined) await settings.set(key as 'registerOTP' | 'enableChatWidget' | 'active', value);
      }
      if (slip) await settings.set('slip', slip);
      return { message: 'OK' };
    },
  );
}
