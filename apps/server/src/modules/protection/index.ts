// Player protection: what other modules may use.
export {
  askDeposit,
  assertDepositAllowed,
  DEPOSIT_HOLD,
  depositLimitsLeft,
  depositUsed,
  holdDeposit,
  lockMember,
  noteDepositRefused,
  notePassedLimits,
  releaseDepositHold,
} from './deposit-limit.ts';
export { type DepositOfferBlock, depositOfferBlocked } from './deposit-offer.ts';
export { type ActiveExclusion, activeExclusion, assertNotExcluded, isExcluded } from './exclusion-gate.ts';
export { setFirstDepositLimit } from './first-limit.ts';
export {
  assertLossAllowed,
  gameNet,
  hasLossLimit,
  lossUsed,
  noteLossRefused,
  tightestLoss,
  windowStart,
} from './loss-limit.ts';
export { protectionRoutes } from './protection.routes.ts';
export { protectionOpsRoutes } from './protection-ops.routes.ts';
