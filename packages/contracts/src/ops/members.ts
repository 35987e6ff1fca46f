// The console's Members area (docs/product.md §9, decision 062): search, a member's page by tab,
// lock and unlock, password reset, manual credit or debit, payout account change. Amounts are major
// units of the member's currency, as in the member API.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ZReason } from './staff.ts';

export const membersPaths = {
  /** GET ?q=: phone (username), name, bank account number or member id. */
  search: '/api/ops/members',
  /** GET: profile, bank account, wallet and game balances. */
  member: '/api/ops/members/:memberId',
  statement: '/api/ops/members/:memberId/statement',
  deposits: '/api/ops/members/:memberId/deposits',
  withdrawals: '/api/ops/members/:memberId/withdrawals',
  conditions: '/api/ops/members/:memberId/conditions',
  sessions: '/api/ops/members/:memberId/sessions',
  chat: '/api/ops/members/:memberId/chat',
  /** Locking ends every session and socket of the member at once. */
  lock: '/api/ops/members/:memberId/lock',
  unlock: '/api/ops/members/:memberId/unlock',
  /** A random temporary password, shown once to the staff member; every session ends. */
  resetPassword: '/api/ops/members/:memberId/reset-password',
  /** A manual credit or debit: booked at once up to the limit, above it a second person approves. */
  adjust: '/api/ops/members/:memberId/adjust',
  /** Asks to change the payout bank account: a second person approves. */
  bankChange: '/api/ops/members/:memberId/bank-change',
} as const;

/** What a reviewer weighs of a member beside an item of a console queue (withdrawals, slips, ...). */
export const ZOpsMemberContext = z.object({
  username: z.string(),
  name: z.string(),
  /** When the account was made (its age). */
  createdAt: z.string(),
  /** Successful deposits and paid withdrawals of the last 30 days. */
  deposits30d: z.number(),
  withdrawals30d: z.number(),
  /** Deposited money still to be played through (members.unplayed). */
  turnoverLeft: z.number(),
  hasActiveCondition: z.boolean(),
});
export type TOpsMemberContext = z.infer<typeof ZOpsMemberContext>;

export const MEMBER_STATUSES = ['active', 'locked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const ZMemberParams = z.strictObject({ memberId: z.coerce.number().int().positive() });

export const ZMemberSearchQuery = z.strictObject({
  q: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TMemberSearchQuery = z.input<typeof ZMemberSearchQuery>;

export const ZMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** The member's phone: their username. */
  phone: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(MEMBER_STATUSES),
  createdAt: z.string(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;
export const ZMemberSearchPage = z.object({ items: z.array(ZMemberRow), hasMore: z.boolean() });
export type TMemberSearchPage = z.infer<typeof ZMemberSearchPage>;

export const ZMemberBankAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
});
export type TMemberBankAccount = z.infer<typeof ZMemberBankAccount>;

/** One balance: WALLET, a game code, INVITE or REFUND. */
export const ZMemberBalance = z.object({ code: z.string(), amount: z.number() });

export const ZMemberPage = z.object({
  profile: ZMemberRow.extend({ phoneVerifiedAt: z.string().nullable(), coin: z.number().int() }),
  bankAccount: ZMemberBankAccount.nullable(),
  wallet: z.number(),
  balances: z.array(ZMemberBalance),
});
export type TMemberPage = z.infer<typeof ZMemberPage>;

/** A tab's rows: newest first, `limit` at most. */
export const ZMemberTabQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const ZMemberStatementRow = z.object({
  id: z.number().int(),
  /** deposit, bonus, finish_bonus, withdraw, transfer (STATEMENT_TYPES). */
  statementType: z.string(),
  /** The ledger's own kind: DEPOSIT, TRANSFER, ADJUSTMENT… */
  type: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  status: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type TMemberStatementRow = z.infer<typeof ZMemberStatementRow>;
export const ZMemberStatement = z.object({ total: z.number().int(), items: z.array(ZMemberStatementRow) });
export type TMemberStatement = z.infer<typeof ZMemberStatement>;

export const ZMemberDeposit = z.object({
  id: z.number().int(),
  from: z.string(),
  amount: z.number(),
  status: z.string(),
  createdAt: z.string(),
});
export type TMemberDeposit = z.infer<typeof ZMemberDeposit>;
export const ZMemberDeposits = z.object({ items: z.array(ZMemberDeposit) });
export type TMemberDeposits = z.infer<typeof ZMemberDeposits>;

export const ZMemberWithdrawal = z.object({
  id: z.number().int(),
  amount: z.number(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type TMemberWithdrawal = z.infer<typeof ZMemberWithdrawal>;
export const ZMemberWithdrawals = z.object({ items: z.array(ZMemberWithdrawal) });
export type TMemberWithdrawals = z.infer<typeof ZMemberWithdrawals>;

export const ZMemberCondition = z.object({
  id: z.number().int(),
  kind: z.string(),
  sourceCode: z.string(),
  status: z.string(),
  bonusAmount: z.number(),
  target: z.number(),
  failBelow: z.number(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TMemberCondition = z.infer<typeof ZMemberCondition>;
export const ZMemberConditions = z.object({ items: z.array(ZMemberCondition) });
export type TMemberConditions = z.infer<typeof ZMemberConditions>;

export const ZMemberSession = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TMemberSession = z.infer<typeof ZMemberSession>;
/** The member's live sessions (not revoked, not expired, made from the current password). */
export const ZMemberSessions = z.object({ items: z.array(ZMemberSession) });
export type TMemberSessions = z.infer<typeof ZMemberSessions>;

export const ZMemberChatMessage = z.object({
  id: z.number().int(),
  /** customer, bot or agent. */
  sender: z.string(),
  messageType: z.string(),
  /** The text of a text message; null for an image or a card. */
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type TMemberChatMessage = z.infer<typeof ZMemberChatMessage>;
/** The last messages of the member's conversation, oldest first. */
export const ZMemberChat = z.object({ items: z.array(ZMemberChatMessage) });
export type TMemberChat = z.infer<typeof ZMemberChat>;

export const ZMemberReasonRequest = z.strictObject({ reason: ZReason });
export type TMemberReasonRequest = z.infer<typeof ZMemberReasonRequest>;

/** The temporary password, shown once: the member changes it after signing in. */
export const ZMemberPasswordReset = z.object({ temporaryPassword: z.string() });
export type TMemberPasswordReset = z.infer<typeof ZMemberPasswordReset>;

export const ADJUST_KINDS = ['credit', 'debit'] as const;
export type AdjustKind = (typeof ADJUST_KINDS)[number];

export const ZAdjustRequest = z.strictObject({
  kind: z.enum(ADJUST_KINDS),
  /** Major units of the member's currency, at most two decimals. */
  amount: z.number().positive().max(1_000_000_000),
  reason: ZReason,
});
export type TAdjustRequest = z.infer<typeof ZAdjustRequest>;

export const ZBankChangeRequest = z.strictObject({
  bankCode: z.string().trim().min(1).max(16),
  accountNo: z.string().trim().min(1).max(20),
  accountName: z.string().trim().min(1).max(100),
  reason: ZReason,
});
export type TBankChangeRequest = z.infer<typeof ZBankChangeRequest>;
