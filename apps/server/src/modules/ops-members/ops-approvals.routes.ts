// The four-eyes queue (decision 062): the list (money.adjust.approve, the `approvals` live queue's
// permission), and each kind's decision under the permission that approves it.

import {
  type ApprovalKind,
  approvalsPaths,
  ZApprovalDecision,
  ZApprovalList,
  ZApprovalParams,
  ZApprovalResult,
  ZApprovalsQuery,
} from '@krapao/contracts/ops/approvals';
import type { Permission } from '@krapao/contracts/ops/roles';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffOf } from '../staff/index.ts';
import {
  ADJUSTMENT_KINDS,
  BANK_CHANGE_KINDS,
  createOpsApprovalsService,
  SLIP_CREDIT_KINDS,
} from './ops-approvals.service.ts';

const tags = ['ops'];
type Decision = { path: string; permission: Permission; kinds: readonly ApprovalKind[]; approve: boolean };

export async function opsApprovalsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const approvals = createOpsApprovalsService(ctx);

  app.get(
    approvalsPaths.list,
    {
      config: { permission: 'money.adjust.approve' },
      schema: { tags, querystring: ZApprovalsQuery, response: { 200: ZApprovalList } },
    },
    async (req) => ({
      items: await approvals.list({ status: req.query.status, memberId: req.query.memberId }, req.query.limit),
    }),
  );

  const decisions: Decision[] = [
    {
      path: approvalsPaths.adjustmentApprove,
      permission: 'money.adjust.approve',
      kinds: ADJUSTMENT_KINDS,
      approve: true,
    },
    {
      path: approvalsPaths.adjustmentReject,
      permission: 'money.adjust.approve',
      kinds: ADJUSTMENT_KINDS,
      approve: false,
    },
    {
      path: approvalsPaths.bankChangeApprove,
      permission: 'members.bank.approve',
      kinds: BANK_CHANGE_KINDS,
      approve: true,
    },
    {
      path: approvalsPaths.bankChangeReject,
      permission: 'members.bank.approve',
      kinds: BANK_CHANGE_KINDS,
      approve: false,
    },
    {
      path: approvalsPaths.slipCreditApprove,
      permission: 'money.adjust.approve',
      kinds: SLIP_CREDIT_KINDS,
      approve: true,
    },
    {
      path: approvalsPaths.slipCreditReject,
      permission: 'money.adjust.approve',
      kinds: SLIP_CREDIT_KINDS,
      approve: false,
    },
  ];

  for (const { path, permission, kinds, approve } of decisions) {
    app.post(
      path,
      {
        config: { permission },
        schema: { tags, params: ZApprovalParams, body: ZApprovalDecision, response: { 200: ZApprovalResult } },
      },
      async (req) => {
        const call = { requestId: req.id, reason: req.body.reason };
        const decide = approve ? approvals.approve : approvals.reject;
        return { approval: await decide(staffOf(req), req.params.approvalId, kinds, call) };
      },
    );
  }
}
