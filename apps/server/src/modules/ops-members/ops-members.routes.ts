// The console's Members area (decision 062): search and a member's page by tab (members.read), lock
// and unlock (members.lock), password reset (members.password), manual credit or debit
// (money.adjust.request), payout account change request (members.bank.request).

import { ZApprovalResult } from '@krapao/contracts/ops/approvals';
import {
  membersPaths,
  ZAdjustRequest,
  ZBankChangeRequest,
  ZMemberChat,
  ZMemberConditions,
  ZMemberDeposits,
  ZMemberPage,
  ZMemberParams,
  ZMemberPasswordReset,
  ZMemberReasonRequest,
  ZMemberRow,
  ZMemberSearchPage,
  ZMemberSearchQuery,
  ZMemberSessions,
  ZMemberStatement,
  ZMemberTabQuery,
  ZMemberWithdrawals,
} from '@krapao/contracts/ops/members';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffOf } from '../staff/index.ts';
import { createOpsApprovalsService } from './ops-approvals.service.ts';
import { createOpsMembersService, type OpsMembersService } from './ops-members.service.ts';

const tags = ['ops'];
const READ = { permission: 'members.read' } as const;

type Tab = 'statement' | 'deposits' | 'withdrawals' | 'conditions' | 'sessions' | 'chat';
const TABS: { tab: Tab; path: string; response: z.ZodType }[] = [
  { tab: 'statement', path: membersPaths.statement, response: ZMemberStatement },
  { tab: 'deposits', path: membersPaths.deposits, response: ZMemberDeposits },
  { tab: 'withdrawals', path: membersPaths.withdrawals, response: ZMemberWithdrawals },
  { tab: 'conditions', path: membersPaths.conditions, response: ZMemberConditions },
  { tab: 'sessions', path: membersPaths.sessions, response: ZMemberSessions },
  { tab: 'chat', path: membersPaths.chat, response: ZMemberChat },
];

export async function opsMembersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const members: OpsMembersService = createOpsMembersService(ctx);
  const approvals = createOpsApprovalsService(ctx);

  app.get(
    membersPaths.search,
    { config: READ, schema: { tags, querystring: ZMemberSearchQuery, response: { 200: ZMemberSearchPage } } },
    (req) => members.search(req.query.q, req.query.page, req.query.limit),
  );

  app.get(
    membersPaths.member,
    { config: READ, schema: { tags, params: ZMemberParams, response: { 200: ZMemberPage } } },
    (req) => members.page(req.params.memberId),
  );

  for (const { tab, path, response } of TABS) {
    app.get(
      path,
      {
        config: READ,
        schema: { tags, params: ZMemberParams, querystring: ZMemberTabQuery, response: { 200: response } },
      },
      (req) => members[tab](req.params.memberId, req.query.limit),
    );
  }

  const reasonRoute = { tags, params: ZMemberParams, body: ZMemberReasonRequest };

  app.post(
    membersPaths.lock,
    { config: { permission: 'members.lock' }, schema: { ...reasonRoute, response: { 200: ZMemberRow } } },
    (req) => members.lock(staffOf(req), req.params.memberId, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    membersPaths.unlock,
    { config: { permission: 'members.lock' }, schema: { ...reasonRoute, response: { 200: ZMemberRow } } },
    (req) => members.unlock(staffOf(req), req.params.memberId, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    membersPaths.resetPassword,
    { config: { permission: 'members.password' }, schema: { ...reasonRoute, response: { 200: ZMemberPasswordReset } } },
    (req) => members.resetPassword(staffOf(req), req.params.memberId, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    membersPaths.adjust,
    {
      config: { permission: 'money.adjust.request' },
      schema: { tags, params: ZMemberParams, body: ZAdjustRequest, response: { 200: ZApprovalResult } },
    },
    async (req) => ({
      approval: await approvals.adjust(staffOf(req), req.params.memberId, req.body, {
        requestId: req.id,
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    membersPaths.bankChange,
    {
      config: { permission: 'members.bank.request' },
      schema: { tags, params: ZMemberParams, body: ZBankChangeRequest, response: { 200: ZApprovalResult } },
    },
    async (req) => ({
      approval: await approvals.requestBankChange(staffOf(req), req.params.memberId, req.body, {
        requestId: req.id,
        reason: req.body.reason,
      }),
    }),
  );
}
