import { LOCALES } from '@krapao/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from '../lib/i18n';
import { GlobeIcon } from './ui/icons';

type LanguageSwitchProps = { className?: string; testId?: string };

/** th / la / en dropdown; the choice is remembered. */
export function LanguageSwitch({ className = '', testId = 'lang-switch' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
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
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
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
