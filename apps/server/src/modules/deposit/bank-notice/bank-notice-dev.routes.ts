// Dev-only (registered from dev.routes.ts, never in production): the sandbox bank app of a member.
// POST /dev/bank/transfer records a transfer on the house's bank feed and answers its slip PNG,
// whose mini-QR a slip upload can be verified by; GET/PUT the sandbox bank's faults.
import type { Currency } from '@krapao/contracts/constants';
import {
  DEV_SENDING_BANK_HEADER,
  DEV_TRANS_REF_HEADER,
  devPaths,
  ZDevBankTransferRequest,
} from '@krapao/contracts/dev';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendingBankId } from '../../../adapters/bank-feed/bank-ids.ts';
import { ZBankFeedFaults } from '../../../adapters/bank-feed/faults.ts';
import { receivingAccountOf, receivingAccounts } from '../../../adapters/bank-feed/receiving-accounts.ts';
import { renderSlipPng } from '../../../adapters/slip/slip-image.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';
import { createLookupRepository, createLookupService } from '../../lookup/index.ts';

export const BANK_FEED_FAULTS_PATH = `${devPaths.paymentFaults}/bank-feed`;

const ZBankFeedFaultsResponse = z.object({ delayMs: z.number(), listError5xx: z.boolean() });

export async function bankNoticeDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const tags = ['dev'];
  const feed = ctx.payments.bankFeed;
  const lookup = createLookupService(ctx);
  const banks = createLookupRepository(ctx.db);

  /** The house account's currency; for a mistyped account, the sending bank's country's. */
  async function currencyOf(fromBankCode: string, toAccountNo: string): Promise<Currency> {
    const house = receivingAccountOf(receivingAccounts(await lookup.deposit()), toAccountNo);
    if (house) return house.currency;
    return (await banks.bank(fromBankCode))?.country === 'LA' ? 'LAK' : 'BAHT';
  }

  app.post(devPaths.bankTransfer, { schema: { tags, body: ZDevBankTransferRequest } }, async (req, reply) => {
    const body = req.body;
    if (!sendingBankId(body.fromBankCode)) throw new AppError('INVALID_BANK');
    const currency = await currencyOf(body.fromBankCode, body.toAccountNo);
    let amount: bigint;
    try {
      amount = toMinor(body.amount, currency);
    } catch {
      throw new AppError('KEY_INVALID', { fields: ['amount'] });
    }
    if (amount <= 0n) throw new AppError('KEY_INVALID', { fields: ['amount'] });
    const t = await feed.recordTransfer({ ...body, amount, currency });
    const png = await renderSlipPng({
      sendingBank: t.sendingBank,
      transRef: t.transRef,
      fromBankCode: t.fromBankCode,
      fromAccountNo: t.fromAccountNo,
      toBankCode: t.toBankCode,
      toAccountNo: t.toAccountNo,
      amount: fromMinor(t.amount, currency),
      occurredAt: t.occurredAt,
    });
    return reply
      .type('image/png')
      .header(DEV_TRANS_REF_HEADER, t.transRef)
      .header(DEV_SENDING_BANK_HEADER, t.sendingBank)
      .send(png);
  });

  app.get(BANK_FEED_FAULTS_PATH, { schema: { tags, response: { 200: ZBankFeedFaultsResponse } } }, () =>
    feed.faults.get(),
  );
  app.put(
    BANK_FEED_FAULTS_PATH,
    { schema: { tags, body: ZBankFeedFaults, response: { 200: ZBankFeedFaultsResponse } } },
    (req) => feed.faults.set(req.body),
  );
}
