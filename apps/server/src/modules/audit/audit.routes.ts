import { ZAuditPage, ZAuditQuery } from '@krapao/contracts/ops/audit';
import { opsPaths } from '@krapao/contracts/ops/paths';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createAuditRepository } from './audit.repository.ts';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const audit = createAuditRepository(ctx.db);

  app.get(
    opsPaths.audit,
    {
      config: { permission: 'audit.read' },
      schema: { tags: ['ops'], querystring: ZAuditQuery, response: { 200: ZAuditPage } },
    },
    async (req) => {
      const items = await audit.page(req.query);
      const last = items.at(-1);
      return { items, nextBeforeSeq: items.length === req.query.limit && last ? last.seq : null };
    },
  );
}
