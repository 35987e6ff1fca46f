// What other modules and the composition roots use of ledger.
export { ensureHouseAccounts, HOUSE } from './house-accounts.ts';
export { createLedger, type Ledger } from './ledger.service.ts';
export { checkLedger, LEDGER_CHECK_NAMES } from './ledger-check.ts';
export {
  ensureMemberAccount,
  INVITE_ACCOUNT,
  lockedMemberAccount,
  memberAccountBalance,
  REFUND_ACCOUNT,
} from './member-account.ts';
