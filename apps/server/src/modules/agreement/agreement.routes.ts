// GET / PUT /api/account/agreement: whether the member accepted the agreement, and accepting it.
import { accountPaths, ZAgreementState } from '@krapao/contracts/account';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createAgreementService } from './agreement.service.ts';

/** Accepting takes no input: no body, or an empty object. */
const ZNoBody = z.strictObject({}).nullish();

export async function agreementRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const agreement = createAgreementService(ctx);
  const tags = ['account'];
  const onRequest = [app.authenticate];

  app.get(accountPaths.agreement, { onRequest, schema: { tags, response: { 200: ZAgreementState } } }, (req) =>
    agreement.state(memberOf(req).memberId),
  );

  app.put(
    accountPaths.agreement,
    { onRequest, config: { idempotent: true }, schema: { tags, body: ZNoBody, response: { 200: ZAgreementState } } },
    (req) => agreement.accept(memberOf(req).memberId),
  );
}
