// Dev-only (registered with the other /dev routes, so refused in production): an operator's
// approve / reject until the operator console exists, a list for tests and e2e, and the payout
// sandbox's faults.

import type { Currency } from '@krapao/contracts/constants';
import { devPaths } from '@krapao/contracts/dev';
import { fromMinor } from '@krapao/contracts/money';
import {
  type TDevWithdrawal,
  type WithdrawalStatus,
  type WithdrawReviewReason,
  ZDevWithdrawal,
  ZDevWithdrawalParams,
  ZDevWithdrawalsQuery,
} from '@krapao/contracts/withdraw';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZPayoutFaults } from '../../adapters/payouts/payout-faults.ts';
import { isSandboxPayouts } from '../../adapters/payouts/sandbox-payouts.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';
import type { Withdrawal } from './withdraw.repository.ts';
import { createWithdrawOperator } from './withdraw-operator.ts';

export const PAYOUT_FAULTS_PATH = `${devPaths.paymentFaults}/payouts`;

function toDev(w: Withdrawal): TDevWithdrawal {
  return {
    withdrawalId: String(w.id),
    memberId: String(w.memberId),
    amount: fromMinor(w.amount, w.currency as Currency),
    currency: w.currency,
    bankCode: w.bankCode,
    bankAccountNo: w.bankAccountNo,
    status: w.status as WithdrawalStatus,
    reviewReasons: w.reviewReasons as WithdrawReviewReason[],
    payoutRef: w.payoutRef,
    note: w.note,
    attempts: w.attempts,
    createdAt: w.createdAt.toISOString(),
  };
}

export async function withdrawDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const operator = createWithdrawOperator(ctx);
  const tags = ['dev'];
  const one = { tags, params: ZDevWithdrawalParams, response: { 200: ZDevWithdrawal } };

  app.get(
    devPaths.withdrawals,
    { schema: { tags, querystring: ZDevWithdrawalsQuery, response: { 200: z.array(ZDevWithdrawal) } } },
    async (req) => (await operator.list(req.query)).map(toDev),
  );
  app.post(devPaths.withdrawalApprove, { schema: one }, async (req) =>
    toDev(await operator.approve(req.params.withdrawalId)),
  );
  app.post(devPaths.withdrawalReject, { schema: one }, async (req) =>
    toDev(await operator.reject(req.params.withdrawalId)),
  );

  const sandbox = () => {
    const payouts = ctx.payments.payouts;
    if (!isSandboxPayouts(payouts)) throw new AppError('NO_DATA');
    return payouts;
  };
  app.get(PAYOUT_FAULTS_PATH, { schema: { tags, response: { 200: ZPayoutFaults } } }, () => sandbox().faults.get());
  app.put(PAYOUT_FAULTS_PATH, { schema: { tags, body: ZPayoutFaults, response: { 200: ZPayoutFaults } } }, (req) =>
    sandbox().faults.set(req.body),
  );
}
