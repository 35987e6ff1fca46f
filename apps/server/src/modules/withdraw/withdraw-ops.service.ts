// The console's withdrawals queue (decision 063): the list with each member's context, and the
// operator's decisions as staff make them. A bulk approval needs the staff member's current TOTP
// code again; each withdrawal in it is then decided on its own and answers on its own.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type {
  TOpsBulkApprove,
  TOpsBulkApproveResult,
  TOpsWithdrawal,
  TOpsWithdrawalDecided,
} from '@krapao/contracts/ops/withdrawals';
import type { WithdrawalStatus, WithdrawReviewReason } from '@krapao/contracts/withdraw';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberContextOf } from '../account/index.ts';
import { createStaffCodeCheck } from '../staff/index.ts';
import type { Withdrawal } from './withdraw.repository.ts';
import { createWithdrawOperator, type OperatorDecision } from './withdraw-operator.ts';
import { createWithdrawQueueRepository, type QueuedWithdrawal } from './withdraw-queue.repository.ts';

function view(q: QueuedWithdrawal): TOpsWithdrawal {
  const { w } = q;
  const currency = w.currency as Currency;
  return {
    id: w.id,
    memberId: w.memberId,
    amount: fromMinor(w.amount, currency),
    currency,
    status: w.status as WithdrawalStatus,
    reviewReasons: w.reviewReasons as WithdrawReviewReason[],
    bankAccount: { bankCode: w.bankCode, accountNo: w.bankAccountNo, accountName: w.bankAccountName },
    payoutRef: w.payoutRef,
    note: w.note,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    member: memberContextOf(q.member, currency),
  };
}

const decided = (w: Withdrawal): TOpsWithdrawalDecided => ({
  id: w.id,
  status: w.status as WithdrawalStatus,
  payoutRef: w.payoutRef,
});

export function createWithdrawOpsService(ctx: AppContext) {
  const operator = createWithdrawOperator(ctx);
  const queue = createWithdrawQueueRepository(ctx.db);
  const codes = createStaffCodeCheck(ctx);

  return {
    async list(query: { status: WithdrawalStatus; limit: number }): Promise<TOpsWithdrawal[]> {
      return (await queue.list(query.status, query.limit)).map(view);
    },
    approve: async (id: number, by: OperatorDecision) => decided(await operator.approve(id, by)),
    reject: async (id: number, by: OperatorDecision) => decided(await operator.reject(id, by)),
    markPaid: async (id: number, bankRef: string, by: OperatorDecision) =>
      decided(await operator.markPaid(id, bankRef, by)),

    async bulkApprove(body: TOpsBulkApprove, by: OperatorDecision): Promise<TOpsBulkApproveResult> {
      if (!(await codes.confirm(by.staffId, body.code))) throw new AppError('OPS_TOTP_INVALID');
      const results: TOpsBulkApproveResult['results'] = [];
      for (const id of new Set(body.ids)) {
        try {
          results.push({ id, status: decided(await operator.approve(id, by)).status, error: null });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, status: (err.details.status as WithdrawalStatus | undefined) ?? null, error: err.code });
        }
      }
      return { results };
    },
  };
}
export type WithdrawOpsService = ReturnType<typeof createWithdrawOpsService>;
