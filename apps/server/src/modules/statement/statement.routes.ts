import { statementPaths, ZStatementRequest, ZStatementResponse } from '@krapao/contracts/statement';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
import { createStatementService } from './statement.service.ts';

export async function statementRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const statement = createStatementService(ctx);

  app.post(
    statementPaths.statement,
    {
      onRequest: [app.authenticate],
      schema: { tags: ['statement'], body: ZStatementRequest, response: { 200: ZStatementResponse } },
    },
    (req) => statement.page(memberOf(req).memberId, req.body.page, req.body.limit),
  );
}
