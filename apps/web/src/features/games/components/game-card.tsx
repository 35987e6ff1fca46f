import type { TSlot } from '@krapao/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { CAROUSEL } from '../lib/carousel';

type GameCardProps = {
  slot: TSlot;
  onOpen: (slot: TSlot) => void;
  /** The first card on screen: often the page's largest paint, so its background loads first, not lazily. */
  priority?: boolean;
};

/**
 * Logo, background, balance, name and balance × ftWalletSlot; inactive games invite to open an account;
 * a game under maintenance shows so, with the operator's message; a game turned off shows it is unavailable.
 */
export function GameCard({ slot, onOpen, priority = false }: GameCardProps) {
  const { t } = useTranslation('wallet');
  return (
    <button
      type="button"
      onClick={() => onOpen(slot)}
      data-testid={`game-card-${slot.code}`}
      data-active={slot.isActive ? 'true' : 'false'}
      data-maintenance={slot.maintenanceMessage ? 'true' : undefined}
      data-off={slot.isOff ? 'true' : undefined}
      aria-label={slot.name}
      style={{ aspectRatio: `${CAROUSEL.cardWidth} / ${CAROUSEL.cardHeight}` }}
      className="relative block w-full overflow-hidden rounded-2xl border border-gold-700/40 bg-ink-800 text-left shadow-lg shadow-black/40 transition hover:border-gold-400/70"
    >
      {slot.background ? (
        <img
          src={slot.background}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
      <span className="absolute inset-0 bg-gradient-to-t from-ink-950/95 via-ink-950/40 to-ink-950/10" />
      <span className="relative flex h-full flex-col justify-between p-3.5">
        <span className="flex items-center gap-2.5">
          {slot.logo ? (
            <img src={slot.logo} alt="" className="h-10 w-10 rounded-xl bg-ink-950/60 object-contain p-1" />
          ) : null}
          <span className="truncate text-base font-bold text-white drop-shadow">{slot.name}</span>
          {slot.maintenanceMessage ? (
            <span className="ml-auto shrink-0 rounded-full bg-amber-500/90 px-2 py-0.5 text-[11px] font-semibold text-ink-950">
              {t('card.maintenance')}
            </span>
          ) : slot.isOff ? (
            <span
              data-testid={`game-off-${slot.code}`}
              className="ml-auto shrink-0 rounded-full bg-white/80 px-2 py-0.5 text-[11px] font-semibold text-ink-950"
            >
              {t('card.off')}
            </span>
          ) : null}
        </span>
        {slot.maintenanceMessage ? (
          <span
            data-testid={`game-maintenance-${slot.code}`}
            className="line-clamp-2 rounded-lg bg-ink-950/70 px-2 py-1 text-xs text-amber-100"
          >
            {slot.maintenanceMessage}
          </span>
        ) : null}
        {slot.isActive ? (
          <span className="flex items-end justify-between gap-3">
            <span className="flex flex-col">
              <span className="text-[11px] text-white/60">{t('card.balance')}</span>
              <span data-testid={`game-balance-${slot.code}`} className="text-xl font-bold text-gold-200">
                {formatNumber(slot.amount)}
              </span>
            </span>
            <span className="flex flex-col items-end">
              <span className="text-[11px] text-white/60">{t('card.credit', { factor: slot.ftWalletSlot })}</span>
              <span data-testid={`game-credit-${slot.code}`} className="text-sm font-semibold text-white/90">
                {formatNumber(slot.amount * slot.ftWalletSlot)}
              </span>
            </span>
          </span>
        ) : (
          <span className="flex items-center justify-between gap-3">
            <span data-testid={`game-open-prompt-${slot.code}`} className="text-sm text-white/80">
              {t('card.openPrompt')}
            </span>
            {/* No account can be opened in a game under maintenance or off: the server refuses it. */}
            {slot.maintenanceMessage || slot.isOff ? null : (
              <span className="rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-ink-950">
                {t('card.openAction')}
              </span>
            )}
          </span>
        )}
      </span>
    </button>
  );
}
