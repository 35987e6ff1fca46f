import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../components/ui/page';

/** The site is closed (docs/product.md §2.11). */
export function TerminatedRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('terminated.title'));
  return (
    <main
      data-testid="terminated"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-500/15 text-gold-300">
        <AlertIcon size={32} />
      </span>
      <h1 className="text-2xl font-bold text-gold-300">{t('terminated.title')}</h1>
      <p className="text-sm text-white/70">{t('terminated.message')}</p>
    </main>
  );
}
