// GET the dashboard (permission `dashboard.read`): read-only, so nothing is audited.
import { dashboardPaths, ZDashboard, ZDashboardQuery } from '@krapao/contracts/ops/dashboard';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createDashboardService } from './ops-dashboard.service.ts';

const tags = ['ops'];
const READ = { permission: 'dashboard.read' } as const;

export async function opsDashboardRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const dashboard = createDashboardService(ctx);

  app.get(
    dashboardPaths.dashboard,
    { config: READ, schema: { tags, querystring: ZDashboardQuery, response: { 200: ZDashboard } } },
    (req) => dashboard.dashboard(req.query.currency),
  );
}
