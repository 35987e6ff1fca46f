// What the composition root uses of the dashboard: its routes. Money paths report a failed call to
// an outside party through lib/party-failures.ts, which this module reads.
export { opsDashboardRoutes } from './ops-dashboard.routes.ts';
