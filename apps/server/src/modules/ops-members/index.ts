// What the composition root uses of the console's Members area and its four-eyes queue (decision 062).
export { opsApprovalsRoutes } from './ops-approvals.routes.ts';
export { opsMembersRoutes } from './ops-members.routes.ts';
