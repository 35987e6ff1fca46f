import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

type DepositRulesProps = { minimumDeposit: number; currency: string };

const RULES = ['credited', 'slip', 'oneQr', 'minimum', 'bonus'] as const;

/** The deposit rules texts: the minimum comes from the deposit lookup. */
export function DepositRules({ minimumDeposit, currency }: DepositRulesProps) {
  const { t } = useTranslation('deposit');
  return (
    <section data-testid="deposit-rules" className="rounded-xl border border-gold-700/25 bg-ink-950/50 p-3">
      <h3 className="mb-2 text-sm font-semibold text-gold-200">{t('sections.rules')}</h3>
      <ol className="flex list-decimal flex-col gap-1.5 ps-5 text-xs leading-relaxed text-white/70">
        {RULES.map((rule) => (
          <li key={rule} data-testid={`deposit-rule-${rule}`}>
            {t(`rules.${rule}`, { amount: formatNumber(minimumDeposit), currency: t(`currency.${currency}`) })}
          </li>
        ))}
      </ol>
    </section>
  );
}
