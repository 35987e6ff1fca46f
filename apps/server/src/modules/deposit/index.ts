// What other modules and the composition roots use of deposit.

export { bankNoticeRoutes } from './bank-notice/bank-notice.routes.ts';
export { bankNoticeDevRoutes } from './bank-notice/bank-notice-dev.routes.ts';
export { createBankNoticeSweep } from './bank-notice/bank-notice-sweep.job.ts';
export { bookDeposit } from './credit.ts';
export { type DepositCredited, onDepositCredited } from './deposit-credited.ts';
export { depositOpsRoutes } from './deposit-ops.routes.ts';
export { createDepositRulesCatchUp } from './deposit-rules-catch-up.job.ts';
export { qrRoutes } from './qr/qr.routes.ts';
export { qrDevRoutes } from './qr/qr-dev.routes.ts';
export { createQrExpiryJob } from './qr/qr-expiry.job.ts';
export { SEED_DEPOSIT_MINIMUMS, seedDepositLookup } from './seed-deposit.ts';
export { slipRoutes } from './slip/slip.routes.ts';
export { createSlipCreditApprovals, type SlipCreditApprovals } from './slip/slip-credit-approval.service.ts';
export { slipDevRoutes } from './slip/slip-dev.routes.ts';
export { slipQueueSize } from './slip/slip-ops.service.ts';
export { createSlipRechecker } from './slip/slip-recheck.job.ts';
export { truemoneyDevRoutes } from './truemoney/truemoney-dev.routes.ts';
export { truemoneyLinkRoutes } from './truemoney/truemoney-link.routes.ts';
export { createTruemoneySweep } from './truemoney/truemoney-sweep.job.ts';
