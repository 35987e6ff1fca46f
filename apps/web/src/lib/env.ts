// Build settings of the SPA (docs/product.md §6), read once from Vite variables.
import {
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_LAOS,
  DEFAULT_LOCALE,
  DEFAULT_LOCALE_LAOS,
  type Locale,
} from '@krapao/contracts/constants';

type RawEnv = Partial<Record<string, string | boolean | undefined>>;

export type BuildEnv = {
  isLaos: boolean;
  iframeMode: boolean;
  /** Custom host of one game provider, used by its login URL. */
  customHost: string;
  /** Notice shown for one slot provider. */
  slotNotice: string;
  /** The game code whose modal shows slotNotice (VITE_SLOT_NOTICE_GAME, default PG). */
  slotNoticeGame: string;
  /** Optional chat websocket backend; empty means no extra connection. */
  chatBackend: string;
  /** Overrides the PAYTIMZ QR minimum and first quick amount when set. */
  paytimzMin: number | null;
  apiBase: string;
  defaultLocale: Locale;
  defaultCurrency: Currency;
};

/** The slot provider that shows the notice when VITE_SLOT_NOTICE_GAME is not set. */
export const DEFAULT_SLOT_NOTICE_GAME = 'PG';

const isOn = (value: RawEnv[string]) => value === true || value === 'true' || value === '1';
const text = (value: RawEnv[string]) => (typeof value === 'string' ? value.trim() : '');

export function readEnv(raw: RawEnv): BuildEnv {
  const isLaos = isOn(raw.VITE_LAOS);
  const paytimz = Number(text(raw.VITE_PAYTIMZ_MIN));
  return {
    isLaos,
    iframeMode: isOn(raw.VITE_IFRAME_MODE),
    customHost: text(raw.VITE_CUSTOM_HOST),
    slotNotice: text(raw.VITE_SLOT_NOTICE),
    slotNoticeGame: text(raw.VITE_SLOT_NOTICE_GAME).toUpperCase() || DEFAULT_SLOT_NOTICE_GAME,
    chatBackend: text(raw.VITE_CHAT_BACKEND),
    paytimzMin: text(raw.VITE_PAYTIMZ_MIN) && Number.isFinite(paytimz) && paytimz > 0 ? paytimz : null,
    apiBase: text(raw.VITE_API_BASE).replace(/\/+$/, ''),
    defaultLocale: isLaos ? DEFAULT_LOCALE_LAOS : DEFAULT_LOCALE,
    defaultCurrency: isLaos ? DEFAULT_CURRENCY_LAOS : DEFAULT_CURRENCY,
  };
}

export const env: BuildEnv = readEnv(import.meta.env as RawEnv);
