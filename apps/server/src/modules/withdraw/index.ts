// What other modules and the composition roots use of withdraw.
export { createPayoutWorker } from './payout.job.ts';
export { createWithdrawRepository } from './withdraw.repository.ts';
export { withdrawRoutes } from './withdraw.routes.ts';
export { withdrawDevRoutes } from './withdraw-dev.routes.ts';
export { SEED_WITHDRAW_RULES } from './withdraw-rules.ts';
