import type { TConditionProgress } from '@krapao/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { progressBar, remainingToTarget } from '../lib/condition-progress';

/** Where the member stands between the fail line and the target, in plain words. */
export function BonusProgress({ progress }: { progress: TConditionProgress }) {
  const { t } = useTranslation('bonus');
  const bar = progressBar(progress);
  return (
    <div data-testid="bonus-progress" className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-white/60">{t('progress.balance')}</span>
        <span className="font-semibold text-white">
          <span data-testid="bonus-progress-balance">{formatNumber(progress.balance)}</span>
          <span className="text-white/50"> / {formatNumber(progress.target)}</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.target}
        aria-valuenow={progress.balance}
        aria-label={t('progress.balance')}
        className="relative h-2.5 overflow-hidden rounded-full bg-white/10"
      >
        <span className="absolute inset-y-0 left-0 rounded-full bg-gold-400" style={{ width: `${bar.balance}%` }} />
        <span className="absolute inset-y-0 w-0.5 bg-rose-400" style={{ left: `${bar.failLine}%` }} />
      </div>
      <p data-testid="bonus-progress-rule" className="text-sm text-white/80">
        {t('progress.rule', { target: formatNumber(progress.target), failBelow: formatNumber(progress.failBelow) })}
      </p>
      <p className="text-xs text-white/55">
        {t('progress.remaining', { amount: formatNumber(remainingToTarget(progress)) })}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        <div className="rounded-lg bg-white/5 px-2.5 py-2">
          <dt className="text-white/50">{t('progress.startCredit')}</dt>
          <dd className="font-semibold text-white">{formatNumber(progress.startCredit)}</dd>
        </div>
        <div className="rounded-lg bg-white/5 px-2.5 py-2">
          <dt className="text-white/50">{t('progress.bonusAmount')}</dt>
          <dd className="font-semibold text-white">{formatNumber(progress.bonusAmount)}</dd>
        </div>
      </dl>
    </div>
  );
}
