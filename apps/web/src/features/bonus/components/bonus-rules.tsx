import { useTranslation } from 'react-i18next';

/** The house rules a member under a bonus meets elsewhere (docs/product.md §4.2). */
export function BonusRules() {
  const { t } = useTranslation('bonus');
  return (
    <section
      data-testid="bonus-rules"
      className="rounded-2xl border border-white/5 bg-white/5 p-3 text-xs text-white/65"
    >
      <h2 className="mb-1.5 text-sm font-semibold text-white/80">{t('rules.title')}</h2>
      <ul className="list-disc space-y-1 pl-4">
        <li>{t('rules.deposit')}</li>
        <li>{t('rules.refund')}</li>
        <li>{t('rules.withdraw')}</li>
      </ul>
    </section>
  );
}
