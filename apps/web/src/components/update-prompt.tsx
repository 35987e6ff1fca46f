import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingUpdate, subscribeUpdate } from '../lib/app-update';

/** "New version — reload", while a new version of the app waits for the member's tap. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const accept = useSyncExternalStore(subscribeUpdate, pendingUpdate, () => null);
  if (!accept) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-gold-500/40 bg-ink-900/95 px-4 py-3 shadow-xl shadow-black/60"
    >
      <p className="flex-1 text-sm text-white/90">{t('appUpdate.message')}</p>
      <button
        type="button"
        data-testid="update-reload"
        onClick={accept}
        className="shrink-0 rounded-xl bg-gold-400 px-3 py-2 text-sm font-semibold text-ink-950"
      >
        {t('appUpdate.reload')}
      </button>
    </div>
  );
}
