import { LOCALES } from '@krapao/contracts/constants';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from '../lib/i18n';
import { GlobeIcon } from './ui/icons';

type LanguageSwitchProps = { className?: string; testId?: string };

/** th / la / en dropdown; the choice is remembered, and the server's texts (lookups) are asked for again in it. */
export function LanguageSwitch({ className = '', testId = 'lang-switch' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The login route ships without the query client (decision 033): nothing to ask again there.
  const queryClient = useContext(QueryClientContext);
  return (
    <div
      className={`relative inline-flex items-center gap-1 rounded-full border border-gold-500/30 bg-ink-900/70 pl-2 text-gold-200 ${className}`}
    >
      <GlobeIcon size={16} />
      <label htmlFor={id} className="sr-only">
        {t('lang.label')}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          void changeLocale(locale).then(() => queryClient?.invalidateQueries({ queryKey: ['lookup'] }));
        }}
        className="cursor-pointer appearance-none bg-transparent py-1 pr-3 pl-1 text-sm outline-none"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} className="bg-ink-900 text-white">
            {t(`lang.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
