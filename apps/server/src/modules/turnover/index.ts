// What other modules and the composition roots use of turnover.
export { type DepositPlayedSubscriber, onDepositPlayed } from './deposit-played.ts';
export { createTurnover, REFRESH_SYNC_AFTER_MS } from './turnover.service.ts';
export { createTurnoverSync } from './turnover-sync.job.ts';
