// What other modules and the composition roots use of bonus.

export { bonusRoutes } from './bonus.routes.ts';
export { refuseWhileConditionActive } from './bonus-rules.ts';
export { createCreditConditions } from './credit-condition.ts';
export { conditionOnDepositCredited } from './deposit-credited.subscriber.ts';
export { seedBonuses } from './seed-bonuses.ts';
