// What other modules and the composition roots use of auth.
export { createAttemptsPrune } from './attempts-prune.job.ts';
export { liveSessionRule } from './auth.hot-path.ts';
export { authRoutes } from './auth.routes.ts';
export { createSessionService } from './session.service.ts';
export type { Revocation } from './session-cache.ts';
export { createSessionsPrune } from './sessions-prune.job.ts';
export { createSourceLockout, LOCKOUT } from './source-lockout.ts';
