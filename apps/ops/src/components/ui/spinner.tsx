import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      {t('loading')}
    </p>
  );
}
