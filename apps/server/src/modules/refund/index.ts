// What other modules and the composition roots use of refund.
export { refundRoutes } from './refund.routes.ts';
export { loseInLastPeriod, seedRefunds } from './seed-refunds.ts';
