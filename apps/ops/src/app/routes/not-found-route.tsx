import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3 p-6">
      <p className="text-sm text-slate-700">{t('notFound')}</p>
      <Link to="/" className="text-sm font-medium text-teal-800 underline">
        {t('nav.home')}
      </Link>
    </div>
  );
}
