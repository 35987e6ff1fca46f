// Dev-only (registered with the other /dev routes, so refused in production): pay a QR at the
// sandbox gateway as the member's bank app would — the gateway then calls our webhook — and read or
// replace the sandbox gateway's faults.
import { type QrGateway, ZQrIdParams } from '@krapao/contracts/deposit';
import { devPaths } from '@krapao/contracts/dev';
import { ZMessageResponse } from '@krapao/contracts/http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GATEWAY_CALL_FAULTS,
  GATEWAY_METHODS,
  WEBHOOK_FAULTS,
  ZGatewayFaults,
} from '../../../adapters/gateway/sandbox-faults.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';
import { createQrRepository } from './qr.repository.ts';
import { QrRefused } from './qr.service.ts';

export const GATEWAY_FAULTS_PATH = `${devPaths.paymentFaults}/gateway`;

const ZGatewayFaultsResponse = z.object({
  next: z.array(z.enum(GATEWAY_CALL_FAULTS)),
  timeoutRate: z.number(),
  errorRate: z.number(),
  slowMs: z.number(),
  methods: z.array(z.enum(GATEWAY_METHODS)).optional(),
  webhookNext: z.array(z.enum(WEBHOOK_FAULTS)),
  webhookDropRate: z.number(),
  webhookDuplicateRate: z.number(),
});

export async function qrDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const repo = createQrRepository(ctx.db);
  const tags = ['dev'];
  const sandbox = () => {
    if (!ctx.payments.gateway.sandbox) throw new AppError('NO_DATA');
    return ctx.payments.gateway.sandbox;
  };

  app.post(
    devPaths.gatewayPay,
    { schema: { tags, params: ZQrIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const qr = await repo.byId(req.params.qrcodeId);
      if (!qr) throw new AppError('NO_DATA');
      const result = await sandbox().pay(qr.bankCode as QrGateway, qr.gatewayRef);
      // Expired, cancelled or already paid: the bank app is refused and nothing moves.
      if ('refused' in result) throw new QrRefused('QR_FAIL', 409, { reason: result.refused });
      return { message: 'OK' };
    },
  );

  app.get(GATEWAY_FAULTS_PATH, { schema: { tags, response: { 200: ZGatewayFaultsResponse } } }, () =>
    sandbox().faults.get(),
  );
  app.put(
    GATEWAY_FAULTS_PATH,
    { schema: { tags, body: ZGatewayFaults, response: { 200: ZGatewayFaultsResponse } } },
    (req) => sandbox().faults.set(req.body),
  );
}
