import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, isOpsLocale, OPS_LOCALES } from '../lib/i18n';

/** th / en; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('lang.label')}
      </label>
      <select
        id={id}
        data-testid="ops-lang-switch"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          if (isOpsLocale(event.target.value)) void changeLocale(event.target.value);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700"
      >
        {OPS_LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`lang.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
