import {
  accountPaths,
  ZBankAccountNameRequest,
  ZBankAccountNameResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZProfileResponse,
  ZProfileUpdateRequest,
} from '@krapao/contracts/account';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
import { type AccountSessions, createAccountService } from './account.service.ts';

export async function accountRoutes(
  fastify: FastifyInstance,
  { ctx, sessions }: { ctx: AppContext; sessions: AccountSessions },
) {
  const app = typed(fastify);
  const svc = createAccountService(ctx, sessions);
  const tags = ['account'];
  const onRequest = [app.authenticate];

  app.get(accountPaths.profile, { onRequest, schema: { tags, response: { 200: ZProfileResponse } } }, (req) =>
    svc.profile(memberOf(req).memberId),
  );

  app.put(
    accountPaths.profile,
    { onRequest, schema: { tags, body: ZProfileUpdateRequest, response: { 200: ZProfileResponse } } },
    (req) => svc.updateProfile(memberOf(req).memberId, req.body),
  );

  app.put(
    accountPaths.bankAccountName,
    { onRequest, schema: { tags, body: ZBankAccountNameRequest, response: { 200: ZBankAccountNameResponse } } },
    (req) => svc.updateBankAccountName(memberOf(req).memberId, req.body),
  );

  app.put(
    accountPaths.changePassword,
    { onRequest, schema: { tags, body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse } } },
    (req) => svc.changePassword(memberOf(req).memberId, req.body.oldPassword, req.body.newPassword, req.ip),
  );
}
