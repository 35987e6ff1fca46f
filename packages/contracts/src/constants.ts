// Business constants and limits (docs/product.md §8). One definition; web and server import it.

export const APP_VERSION = '1.1.14';

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const SLIP_UPLOAD_TIMEOUT_MS = 300_000;

export const PHONE_LENGTH = 10;

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';
export const DEFAULT_LOCALE_LAOS: Locale = 'la';

export const CURRENCIES = ['BAHT', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'BAHT';
export const DEFAULT_CURRENCY_LAOS: Currency = 'LAK';

/** Banks whose account holder name must be in English letters. */
export const ENGLISH_ONLY_BANKS = ['KTB', 'TMB', 'BBL'] as const;
/** The banks the register form recommends as the fastest. */
export const RECOMMENDED_BANKS = ['KBANK', 'KTB'] as const;

export const MAIN_WALLET_CODE = 'WALLET';
export const MIN_TRANSFER = 1;

export const QR_QUICK_AMOUNTS = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  PAYTIMZ: [10, 50, 100, 500, 1000],
} as const;
export const QR_MINIMUM = { KBANK: 1, WW: 100, PAYTIMZ: 10 } as const;
export const QR_CREATE_MINIMUM = 1;
export const QR_COUNTDOWN_TICK_MS = 1_000;

export const TRUE_WALLET_MIN_DEPOSIT = 2;
export const REFERRAL_CODE_PREFIX = 'PR';

export const TABLE_PAGE_SIZE = 10;
export const COUPON_PAGE_SIZE = 3;
export const PAGER_BEFORE = 3;
export const PAGER_AFTER = 1;

export const CHAT_HISTORY_PAGE_SIZE = 10;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_IMAGE_MAX_MB = 10;
export const CHAT_VIDEO_MAX_MB = 20;
export const CHAT_FILE_EXTENSIONS = ['mp4', 'quicktime', 'mov', 'png', 'jpeg', 'jpg', 'gif'] as const;
export const SOCKET_JOIN_CHECK_MS = 5_000;
export const CHAT_SOCKET_RECONNECT_MS = 500;
export const MARK_READ_DELAY_MS = 1_000;
export const SCROLL_NEAR_BOTTOM_PX = 60;

export const REGISTER_REDIRECT_MS = 2_000;
export const TOAST_DURATION_MS = 4_000;
export const CHAT_ALERT_DURATION_MS = 4_000;
export const LOADER_DELAY_MS = 200;
export const AGREEMENT_MODAL_DELAY_MS = 1_500;
export const BANK_NAME_COPY_DELAY_MS = 1_000;
export const CLAIM_DEBOUNCE_MS = 500;

export const WHEEL_MAX_SIZE_PX = 350;
export const WHEEL_WINDOW_RATIO = 0.85;
export const WHEEL_RESIZE_DEBOUNCE_MS = 500;
export const SPIN_DURATION_MS = { min: 4_000, max: 5_000 } as const;
export const SPIN_EXTRA_TURNS = { min: 2, max: 3 } as const;
export const SPIN_FRICTION = 0.991;

export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const MIN_FRACTION_DIGITS = 2;
export const MONTH_DAYS = 30;

/** Statement signs: deposit and bonus plus, withdraw minus, transfer none. */
export const STATEMENT_SIGN = {
  deposit: '+',
  bonus: '+',
  finish_bonus: '',
  withdraw: '-',
  transfer: '',
} as const;

/** Site time zones: Bangkok, or Vientiane in the Laos build (docs/product.md §1). */
export const TIME_ZONE = 'Asia/Bangkok';
export const TIME_ZONE_LAOS = 'Asia/Vientiane';
