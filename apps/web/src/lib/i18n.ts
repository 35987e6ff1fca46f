// i18next with th / la / en (docs/product.md §1). Locale files load on demand, one chunk per language and
// namespace: the boot loads only the `boot` namespaces of locales/load-plan.json, each screen loads
// its own with its code (lib/lazy-screen.tsx, decision 033); the chosen locale is remembered in local storage.
import { LOCALES, type Locale } from '@krapao/contracts/constants';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { boot } from '../locales/load-plan.json';
import { env } from './env';
import { getStoredLocale, setStoredLocale } from './storage';

export const NAMESPACES = [
  'common',
  'errors',
  'wallet',
  'statement',
  'chat',
  'deposit',
  'depositMethods',
  'withdraw',
  'bonus',
  'invite',
  'refund',
  'spin',
  'protection',
  'register',
  'profile',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every screen needs before its first paint (menus, login, buttons); the rest loads with its screen. */
export const BOOT_NAMESPACES = boot as readonly Namespace[];

type JsonModule = { default: Record<string, unknown> };
// A locale file that is missing or fails to load reads as empty: the screen falls back to its keys.
const localeFiles = import.meta.glob<JsonModule>('../locales/*/*.json');

export async function loadLocaleFile(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  if (!load) return {};
  try {
    return (await load()).default;
  } catch {
    return {};
  }
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadLocaleFile(language, namespace).then(
      (data) => callback(null, data),
      () => callback(null, {}),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function initialLocale(): Locale {
  const stored = getStoredLocale();
  return isLocale(stored) ? stored : env.defaultLocale;
}

export const i18n = i18next.createInstance();

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The app's locale codes are th / la / en; HTML wants BCP 47, where Lao is "lo". */
const HTML_LANG: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

function markDocument(locale: Locale): void {
  document.documentElement.lang = HTML_LANG[locale];
}

export async function initI18n(lng: Locale = initialLocale()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng,
        supportedLngs: [...LOCALES],
        fallbackLng: false,
        load: 'currentOnly',
        ns: [...BOOT_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        // A component whose namespace has not arrived suspends (its screen's fallback shows) instead of
        // painting raw keys; screens load theirs before they render, so this is only the safety net.
        react: { useSuspense: true },
      });
    markReady();
  } else if (i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
  markDocument(lng);
  return i18n;
}

/**
 * Load namespaces for the current language; i18next remembers them, so a later language switch loads
 * them too before it repaints. Callable before initI18n (a screen's code may start loading first).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0) return;
  // Start the downloads now, alongside the boot's own; i18next's load below then finds them done.
  const language = i18n.language ?? initialLocale();
  for (const namespace of namespaces) void loadLocaleFile(language, namespace);
  await ready;
  await i18n.loadNamespaces([...namespaces]);
}

/** Switch language, remember it, and mark the document for fonts and screen readers. */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  setStoredLocale(locale);
  markDocument(locale);
}
