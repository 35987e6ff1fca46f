import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/ui/app-link';
import { useDocumentTitle } from '../../components/ui/page';

/** Any other path shows a page titled 'Page Not Found'. */
export const NOT_FOUND_TITLE = 'Page Not Found';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <main
      data-testid="not-found"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <p className="text-6xl font-black text-gold-400/80">404</p>
      <h1 className="text-2xl font-bold text-gold-300">{NOT_FOUND_TITLE}</h1>
      <p className="text-sm text-white/70">{t('notFound.message')}</p>
      <AppLink
        to="/"
        className="rounded-xl border border-gold-500/50 px-4 py-2 text-sm font-semibold text-gold-200 hover:bg-gold-500/10"
      >
        {t('notFound.backHome')}
      </AppLink>
    </main>
  );
}
