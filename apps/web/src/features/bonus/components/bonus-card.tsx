import type { TBonus } from '@krapao/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { formatNumber } from '../../../lib/format';
import type { BonusCardState } from '../lib/bonus-card-state';

type BonusCardProps = { bonus: TBonus; state: BonusCardState; onOpen: (bonus: TBonus) => void };

/** One bonus over its first banner: current, already received (disabled) or clickable. */
export function BonusCard({ bonus, state, onOpen }: BonusCardProps) {
  const { t } = useTranslation('bonus');
  const image = bonus.banners[0]?.image;
  return (
    <button
      type="button"
      onClick={() => onOpen(bonus)}
      disabled={state === 'received'}
      data-testid={`bonus-card-${bonus.code}`}
      data-state={state}
      aria-label={bonus.name}
      className={`flex w-full flex-col overflow-hidden rounded-2xl border bg-ink-800 text-left shadow-lg shadow-black/40 transition disabled:cursor-not-allowed ${
        state === 'active' ? 'border-gold-300 ring-2 ring-gold-400/40' : 'border-gold-700/40 hover:border-gold-400/70'
      }`}
    >
      {/* Banners are 2:1; the card shows the whole first banner as its background. */}
      <span className="relative block aspect-[2/1] w-full bg-ink-900">
        {image ? (
          <img
            src={image}
            alt=""
            loading="lazy"
            data-testid="bonus-card-image"
            className={`absolute inset-0 h-full w-full object-cover ${state === 'received' ? 'opacity-40 grayscale' : ''}`}
          />
        ) : null}
        <span className="absolute top-2 right-2 flex">
          {state === 'active' ? (
            <span
              data-testid="bonus-card-active"
              className="inline-flex items-center gap-1 rounded-full bg-gold-400 px-2 py-0.5 text-[11px] font-semibold text-ink-950 shadow"
            >
              <CheckIcon size={12} />
              {t('card.active')}
            </span>
          ) : null}
          {state === 'received' ? (
            <span
              data-testid="bonus-card-received"
              className="rounded-full bg-ink-950/85 px-2 py-0.5 text-[11px] font-semibold text-white/85 shadow"
            >
              {t('card.received')}
            </span>
          ) : null}
        </span>
      </span>
      <span className="flex items-center justify-between gap-3 px-3 py-2">
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-bold text-white">{bonus.name}</span>
          <span className="text-[11px] text-white/55">{t(`types.${bonus.type}`)}</span>
        </span>
        <span className="shrink-0 text-xs font-semibold text-gold-200">
          {t('card.figure', { percent: bonus.percent, max: formatNumber(bonus.maxBonus) })}
        </span>
      </span>
    </button>
  );
}
