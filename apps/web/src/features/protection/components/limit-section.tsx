import { LIMIT_PERIODS, type LimitKind, type TProtectionState } from '@krapao/contracts/protection';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/page';
import { limitOf } from '../lib/protection-lib';
import { LimitRow } from './limit-row';

type LimitSectionProps = { kind: LimitKind; state: TProtectionState; onChanged: () => void };

/** The three rolling limits of one kind (24 h, 7 days, 30 days); the lowest remaining applies. */
export function LimitSection({ kind, state, onChanged }: LimitSectionProps) {
  const { t } = useTranslation('protection');
  return (
    <Card>
      <section aria-labelledby={`limits-${kind}`} data-testid={`limits-${kind}`}>
        <h2 id={`limits-${kind}`} className="text-sm font-semibold text-gold-200">
          {t(`limits.${kind}.title`)}
        </h2>
        <p className="mt-1 text-xs text-white/55">{t(`limits.${kind}.help`)}</p>
        <ul className="mt-2">
          {LIMIT_PERIODS.map((period) => (
            <LimitRow key={period} limit={limitOf(state, kind, period)} onChanged={onChanged} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
