import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';

/**
 * Shown while the browser has no network: the screen may be stored, its data cannot be fetched.
 * `reload` is what the retry does (the page's own reload unless told otherwise).
 */
export function OfflineBanner({ reload = () => window.location.reload() }: { reload?: () => void } = {}) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="alert"
      data-testid="offline-banner"
      className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-rose-400/50 bg-ink-900/95 px-4 py-3 shadow-xl shadow-black/60"
    >
      <div className="flex-1">
        <p className="text-sm font-semibold text-rose-300">{t('offline.title')}</p>
        <p className="text-xs text-white/70">{t('offline.message')}</p>
      </div>
      <button
        type="button"
        data-testid="offline-retry"
        onClick={() => reload()}
        className="shrink-0 rounded-xl border border-gold-500/50 px-3 py-2 text-sm font-semibold text-gold-200"
      >
        {t('offline.retry')}
      </button>
    </div>
  );
}
