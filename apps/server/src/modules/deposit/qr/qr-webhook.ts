// A gateway's "order paid" webhook: believed only with a valid, fresh signature over the raw body,
// and only for an order of ours with the same merchant reference and amount. It credits once; a
// replay (or a duplicate delivery) finds the reference used and moves nothing.
import type { Currency } from '@krapao/contracts/constants';
import { isQrGateway } from '@krapao/contracts/deposit';
import { toMinor } from '@krapao/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { verifyWebhook, webhookSecret } from '../../../adapters/gateway/webhook-signature.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createQrRepository } from './qr.repository.ts';
import { createQrSettlement } from './qr-settlement.ts';

const ZWebhookBody = z.object({
  ref: z.string().min(1).max(64),
  merchantRef: z.string().min(1).max(64),
  amount: z.number().finite().positive(),
  status: z.literal('PAID'),
  paidAt: z.iso.datetime({ offset: true }),
});

function amountMatches(amount: number, expected: bigint, currency: Currency): boolean {
  try {
    return toMinor(amount, currency) === expected;
  } catch {
    return false;
  }
}

export function createQrWebhook(ctx: AppContext) {
  const repo = createQrRepository(ctx.db);
  const settlement = createQrSettlement(ctx);
  const secret = webhookSecret(ctx.config);

  return {
    /** Answers whether this delivery credited (false for a replay); throws the refusal otherwise. */
    async receive(
      bankCode: string,
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
      log: FastifyBaseLogger,
    ): Promise<boolean> {
      if (!isQrGateway(bankCode)) throw new AppError('NO_DATA');
      if (!verifyWebhook(secret, headers, rawBody, ctx.now())) {
        log.warn({ bankCode }, 'gateway webhook with a bad or stale signature refused');
        throw new AppError('UNAUTHORIZED');
      }
      let body: z.infer<typeof ZWebhookBody>;
      try {
        body = ZWebhookBody.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('KEY_INVALID');
      }
      const qr = await repo.byGatewayRef(bankCode, body.ref);
      if (!qr) {
        log.error({ bankCode, ref: body.ref }, 'gateway webhook for an order we do not know');
        throw new AppError('NO_DATA');
      }
      if (qr.id !== body.merchantRef || !amountMatches(body.amount, qr.amount, qr.currency as Currency)) {
        log.error({ bankCode, ref: body.ref, qrcodeId: qr.id }, 'gateway webhook does not match our order');
        throw new AppError('KEY_INVALID');
      }
      return settlement.settlePaid(qr, new Date(body.paidAt));
    },
  };
}
