// i18next with th (the default) and en. Each language's files load on demand as their own chunks;
// the choice is remembered in local storage.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const OPS_LOCALES = ['th', 'en'] as const;
export type OpsLocale = (typeof OPS_LOCALES)[number];
export const NAMESPACES = [
  'common',
  'errors',
  'members',
  'approvals',
  'dashboard',
  'live',
  'withdrawals',
  'transfers',
  'slips',
  'deposits',
  'games',
  'promotions',
  'settings',
  'content',
  'chat',
  'banners',
  'spin-wheel',
  'protection',
] as const;

const STORAGE_KEY = 'krapao_ops_locale';
type JsonModule = { default: Record<string, unknown> };
const localeFiles = import.meta.glob<JsonModule>('../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data.default),
      () => callback(null, {}),
    );
  },
};

export function isOpsLocale(value: unknown): value is OpsLocale {
  return typeof value === 'string' && (OPS_LOCALES as readonly string[]).includes(value);
}

function storedLocale(): OpsLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isOpsLocale(stored) ? stored : 'th';
  } catch {
    return 'th';
  }
}

export const i18n = i18next.createInstance();

export async function initI18n(lng: OpsLocale = storedLocale()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        lng,
        supportedLngs: [...OPS_LOCALES],
        fallbackLng: false,
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      });
  } else if (i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
  document.documentElement.lang = lng;
  return i18n;
}

/** Switch language, remember it, and mark the document for fonts and screen readers. */
export async function changeLocale(locale: OpsLocale): Promise<void> {
  await i18n.changeLanguage(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts this page only
  }
  document.documentElement.lang = locale;
}
