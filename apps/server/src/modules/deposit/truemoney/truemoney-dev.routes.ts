// Dev-only stand-ins for TrueMoney users (registered with the other /dev routes, refused in
// production): create a gift voucher, send money from a phone to the house AUTO wallet, and set the
// sandbox's faults.

import { AUTO_MODE } from '@krapao/contracts/deposit';
import {
  devPaths,
  ZDevTruemoneyTransferRequest,
  ZDevTruemoneyTransferResponse,
  ZDevTruemoneyVoucherRequest,
  ZDevTruemoneyVoucherResponse,
} from '@krapao/contracts/dev';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { FastifyInstance } from 'fastify';
import { ZTruemoneyFaults, ZTruemoneyFaultsResponse } from '../../../adapters/truemoney/faults.ts';
import { isSandboxTruemoney } from '../../../adapters/truemoney/sandbox-truemoney.ts';
import { giftLink } from '../../../adapters/truemoney/truemoney.port.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';
import { createLookupService } from '../../lookup/index.ts';
import { TRUEMONEY_CURRENCY } from './truemoney-credit.ts';

export const TRUEMONEY_FAULTS_PATH = `${devPaths.paymentFaults}/truemoney`;

function baht(amount: number): bigint {
  try {
    return toMinor(amount, TRUEMONEY_CURRENCY);
  } catch {
    throw new AppError('KEY_INVALID', { fields: ['amount'] });
  }
}

export async function truemoneyDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const tags = ['dev'];
  const lookup = createLookupService(ctx);
  const sandbox = () => {
    const adapter = ctx.payments.truemoney;
    if (!isSandboxTruemoney(adapter)) throw new AppError('NO_DATA');
    return adapter;
  };

  app.post(
    devPaths.truemoneyVoucher,
    { schema: { tags, body: ZDevTruemoneyVoucherRequest, response: { 200: ZDevTruemoneyVoucherResponse } } },
    async (req) => {
      const voucher = await sandbox().books.createVoucher({ amount: baht(req.body.amount) });
      return {
        link: giftLink(voucher.hash),
        voucher: voucher.hash,
        amount: fromMinor(voucher.amount, TRUEMONEY_CURRENCY),
      };
    },
  );

  app.post(
    devPaths.truemoneyTransfer,
    { schema: { tags, body: ZDevTruemoneyTransferRequest, response: { 200: ZDevTruemoneyTransferResponse } } },
    async (req) => {
      const deposit = await lookup.deposit();
      const house = deposit.wallets.find((w) => w.mode === AUTO_MODE)?.walletAccountNo;
      if (!house) throw new AppError('NO_DATA', { reason: 'no AUTO TrueMoney wallet in the deposit lookup' });
      return sandbox().books.createTransfer({
        fromPhone: req.body.fromPhone,
        toPhone: house,
        amount: baht(req.body.amount),
      });
    },
  );

  app.get(TRUEMONEY_FAULTS_PATH, { schema: { tags, response: { 200: ZTruemoneyFaultsResponse } } }, () =>
    sandbox().faults.get(),
  );
  app.put(
    TRUEMONEY_FAULTS_PATH,
    { schema: { tags, body: ZTruemoneyFaults, response: { 200: ZTruemoneyFaultsResponse } } },
    (req) => sandbox().faults.set(req.body),
  );
}
