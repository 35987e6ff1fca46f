// What other modules and the composition root use of staff identity and the console's door.
export { isOpsPath, OPS_PREFIX, type OpsRoute, opsGuardPlugin, staffOf } from './ops-guard.plugin.ts';
export { DEV_OWNER, seedDevOwner } from './seed-staff.ts';
export { staffRoutes } from './staff.routes.ts';
export { createEnrolling } from './staff.service.ts';
export { staffActOf } from './staff-act.ts';
export { staffAuthRoutes } from './staff-auth.routes.ts';
export { createStaffCodeCheck } from './staff-code.ts';
export type { StaffSession } from './staff-session.repository.ts';
export { createStaffSessionCheck, type StaffSessionCheck } from './staff-session-check.ts';
export { createStaffSessionsPrune } from './staff-sessions-prune.job.ts';
