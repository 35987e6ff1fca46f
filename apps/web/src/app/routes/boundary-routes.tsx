import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/loader';

/** Shown while the first screen's code loads. */
export function BootFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="h-10 w-10" />
    </div>
  );
}

/** A screen failed to load or render (e.g. a new deploy replaced its chunk). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-xl font-bold text-gold-300">{t('routeError.title')}</h1>
      <p className="text-sm text-white/70">{t('routeError.message')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-xl bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950"
      >
        {t('actions.reload')}
      </button>
    </main>
  );
}
