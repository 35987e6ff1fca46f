// The error-code catalogue (docs/product.md §7), each code with the HTTP status the server answers it with.
// The SPA translates a code through `errors.<CODE>` in th / la / en.

export const ERROR_STATUS = {
  // Auth
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  INVALID_USER_1: 400,
  INVALID_USER_2: 400,
  INVALID_USER_3: 400,
  INVALID_USER_4: 400,
  INVALID_IP: 403,
  WRONG_PASSWORD: 400,
  WRONG_CREDENTIAL: 401,
  NO_USER: 404,
  INACTIVE_USER: 403,
  LOGIN_FAIL: 400,
  // Rate limits
  REQUEST_LIMIT: 429,
  REQUEST_LIMIT_1MIN: 429,
  OTP_BLOCK: 429,
  // OTP
  OTP_TOKEN_INVALID: 400,
  OTP_NOT_EXIST: 404,
  OTP_VERIFIED: 409,
  OTP_EXPIRED: 400,
  OTP_CODE_INVALID: 400,
  OTP_CODE_VALID: 200,
  UNVERIFIED_OTP: 403,
  OTP_SEND_FAIL: 502,
  OTP_VERIFY_FAIL: 400,
  // Registration
  EXISTING_USER: 409,
  EXISTING_BANK: 409,
  INVALID_USER_INFO: 400,
  INVALID_BANK: 400,
  BANK_ACCOUNT_NAME_ENG: 400,
  REGISTER_FAIL: 500,
  GAME_ACTIVATION_FAIL: 502,
  PHONE_NUMBER_REQUIRE_10_DIGIT: 400,
  // Game accounts
  NOT_AREASLOT: 400,
  NOT_UFABET: 400,
  SLOT_ALREADY_ACTIVE: 409,
  SLOT_ACTIVATE_FAIL: 502,
  SLOT_NO_ACCOUNT: 404,
  SLOT_RESET_PASSWORD_FAIL: 502,
  NO_GAME: 404,
  /** The game is under maintenance: no money goes in (money still comes out). */
  GAME_MAINTENANCE: 409,
  // Bonus and promotion
  BONUS_REMAINING: 409,
  BONUS_ALREADY_ACTIVE: 409,
  BONUS_MAX_CLAIMED: 409,
  BONUS_CONDITION: 409,
  BONUS_CLEAR: 200,
  BONUS_FULL: 409,
  NO_PROMOTION: 404,
  PROMOTION_RECEIVED: 409,
  // Invites
  INVITE_COLLECT: 200,
  INVITE_INACTIVE: 403,
  NO_INVITE_BONUS: 404,
  NO_INVITEE_PLAY_INFO: 404,
  INVITE_BONUS_SUCCESS: 200,
  INVITE_BONUS_FAIL: 400,
  // Refunds
  NO_REFUND: 404,
  REFUND_CONDITION: 409,
  REFUND_SUCCESS: 200,
  REFUND_INACTIVE: 403,
  REFUND_MINIMUM: 400,
  // Transfers
  TRANSFER_MINIMUM: 400,
  MONEY_NOT_ENOUGH: 400,
  TRANSFER_FAIL: 502,
  NO_BANK: 404,
  NO_WALLET: 404,
  // Slips and links
  SLIP_UPLOAD_FAIL: 400,
  SLIP_NO_FILE: 400,
  SLIP_INVALID_FILE: 400,
  TRUELINK_DUPLICATE: 409,
  TRUELINK_INVALID: 400,
  QR_FAIL: 502,
  // Generic
  INTERNAL_SERVER_ERROR: 500,
  KEY_MISSING: 400,
  KEY_INVALID: 400,
  NO_DATA: 404,
  OK: 200,
  SUCCESS: 200,
  // Spin coupons (BONUS_REMAINING is listed above)
  NO_CLAIMABLE_COUPON: 404,
  INVALID_PRIZE_CODE: 400,
  INVALID_CODE: 400,
  INVALID_COUPON_TYPE: 400,
  COUPON_EXPIRED: 400,
  // Player protection
  /** The deposit would pass one of the member's deposit limits (data: period, remaining). */
  PROTECTION_DEPOSIT_LIMIT: 409,
  /** The transfer into a game could pass one of the member's loss limits (data: period, remaining). */
  PROTECTION_LOSS_LIMIT: 409,
  /** The member is on a time-out or self-excluded: no money in, no play, no rewards (data: kind, endsAt). */
  PROTECTION_EXCLUDED: 403,
  /** A raised or removed limit may be confirmed only after its 24 hours, and only when one waits. */
  PROTECTION_NOT_YET: 409,
  // Operator console (staff only; translated in apps/ops, never shown to a member)
  OPS_SIGNED_OUT: 401,
  OPS_LOGIN_FAIL: 401,
  OPS_LOCKED: 429,
  OPS_FORBIDDEN: 403,
  OPS_CSRF: 403,
  OPS_ENROL_INVALID: 410,
  OPS_STAFF_EXISTS: 409,
  OPS_TOTP_INVALID: 400,
  OPS_ALREADY_DECIDED: 409,
  OPS_SELF_APPROVAL: 409,
  /** A bank transfer (its deposit reference) that already credited a wallet, by any path. */
  OPS_REFERENCE_USED: 409,
  /**
   * The bank's statement does not show the transfer a hand credit names (data: reason `not-found`),
   * or shows it with another amount (`amount`) or into an account that is not the house's (`account`).
   */
  OPS_NOT_ON_STATEMENT: 409,
  /** The bank's statement cannot be read right now: nothing changed, try again later. */
  OPS_BANK_UNAVAILABLE: 503,
  /** The provider's definite answer on a transfer contradicts the outcome staff assert. */
  OPS_PROVIDER_DISAGREES: 409,
  /** A bonus or promotion code that already exists. */
  OPS_CODE_TAKEN: 409,
  /** An exclusion may be ended early only after its minimum term, and a permanent one never. */
  OPS_EXCLUSION_MIN_TERM: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
// Pure: a bundle that only needs the wire constants below drops the catalogue.
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_STATUS) as ErrorCode[];

/** The operator console's codes: a member never receives one. */
export const OPS_ERROR_CODES = /* @__PURE__ */ ERROR_CODES.filter((code) => code.startsWith('OPS_'));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Wire-only answers: the site is closed, or the session is not valid. */
export const GONE = 'gone';
export const INVALID_TOKEN = 'invalid-token';
/** The Thai "cannot verify identity" message that also sends the SPA to /login (docs/product.md §2.1). */
export const IDENTITY_FAILED_TH = 'ไม่สามารถยืนยันตัวตนได้';

export type WireMessage = ErrorCode | typeof GONE | typeof INVALID_TOKEN;

/** Status labels of the statement and slip list. */
export const STATUS_LABELS = ['processing', 'success', 'failed'] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

/** SUCCESS, FAILED, anything else is in progress (docs/product.md §3.5). */
export function statusLabel(status: string | null | undefined): StatusLabel {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'failed';
  return 'processing';
}

/** Slip reason codes (docs/product.md §7), each with the user message key it maps to. */
export const SLIP_REASONS = {
  UPLOADED_FILE_NOT_EXIST: 'incorrectSlip',
  IMG_SIZE_UNABLE_TO_PROCESS: 'incorrectSlip',
  CANNOT_READ_CROPPED_IMAGE: 'incorrectSlip',
  DEST_ACC_INVALID: 'destinationInvalid',
  SLIP_REFNO_DUPLICATED: 'duplicateSlip',
  UNSTABLE_REFNO_ON_SLIP: 'unreadableReference',
  TRIPPLE_WRONG_CAPTCHA: 'captchaWrongThreeTimes',
  INVALID_SLIP: 'unreadableSlip',
  NOT_MATCH: 'accountNotMatching',
  EXPIRED_SLIP: 'expiredSlip',
  UNKNOW_ERROR: 'unknownError',
} as const;
export type SlipReason = keyof typeof SLIP_REASONS;
export const SLIP_REASON_CODES = Object.keys(SLIP_REASONS) as SlipReason[];
export type SlipReasonMessage = (typeof SLIP_REASONS)[SlipReason];
