import type { TBonus } from '@krapao/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** The bonus's numbers: what the member gets and what ends it. */
export function BonusFigures({ bonus }: { bonus: TBonus }) {
  const { t } = useTranslation('bonus');
  const rows: [string, string, string][] = [
    ['percent', t('figures.percent'), `${bonus.percent}%`],
    ['max', t('figures.maxBonus'), formatNumber(bonus.maxBonus)],
    ['min-deposit', t('figures.minDeposit'), formatNumber(bonus.minDeposit)],
    ['turnover', t('figures.turnover'), `×${bonus.turnover}`],
    ['percent-fail', t('figures.percentFail'), `${bonus.percentFail}%`],
    ['times', t('figures.times'), t(`figures.timesPer.${bonus.type}`, { times: bonus.maxReceived })],
  ];
  return (
    <dl data-testid="bonus-figures" className="grid grid-cols-2 gap-2 text-xs">
      {rows.map(([id, label, value]) => (
        <div key={id} className="rounded-lg bg-white/5 px-2.5 py-2">
          <dt className="text-white/50">{label}</dt>
          <dd data-testid={`bonus-figure-${id}`} className="font-semibold text-white">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
