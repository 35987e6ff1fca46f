import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link';
import { DepositIcon, FriendsIcon, GiftIcon, RefreshIcon, RefundIcon, WheelIcon, WithdrawIcon } from './home-icons';

export type HomeAction = 'deposit' | 'withdraw' | 'invite' | 'refund';

type QuickActionsProps = {
  /** `coin` is null until the wallet has answered. */
  spin: { isActive: boolean; coin: number | null };
  refreshing: boolean;
  onAction: (action: HomeAction) => void;
  onRefreshAll: () => void;
  /** A time-out or self-exclusion is in force: only withdraw and refresh stay (no money in, no rewards). */
  paused?: boolean;
};

const TILE =
  'flex flex-col items-center justify-center gap-1.5 rounded-2xl border border-gold-700/30 bg-ink-900/80 px-2 py-3 text-center text-xs font-medium text-white/85 transition hover:border-gold-400/60 hover:text-white disabled:opacity-60';

function Tile({
  icon,
  label,
  testId,
  onClick,
}: {
  icon: ReactNode;
  label: ReactNode;
  testId: string;
  onClick: () => void;
}) {
  return (
    <button type="button" onClick={onClick} data-testid={testId} className={TILE}>
      <span className="text-gold-300">{icon}</span>
      <span>{label}</span>
    </button>
  );
}

function RefreshAllTile({ refreshing, onRefreshAll }: { refreshing: boolean; onRefreshAll: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <button
      type="button"
      onClick={onRefreshAll}
      disabled={refreshing}
      data-testid="action-refresh-all"
      className={TILE}
    >
      <span className={`text-gold-300 ${refreshing ? 'animate-spin' : ''}`}>
        <RefreshIcon />
      </span>
      <span>{t('home.refreshAll')}</span>
    </button>
  );
}

/** Deposit, withdraw, spin (or refresh-all when spin is off), invite, bonus conditions, refund. */
export function QuickActions({ spin, refreshing, onAction, onRefreshAll, paused = false }: QuickActionsProps) {
  const { t } = useTranslation('wallet');
  if (paused) {
    return (
      <nav aria-label={t('home.actions')} className="grid grid-cols-3 gap-2">
        <Tile
          icon={<WithdrawIcon />}
          label={t('home.withdraw')}
          testId="action-withdraw"
          onClick={() => onAction('withdraw')}
        />
        <RefreshAllTile refreshing={refreshing} onRefreshAll={onRefreshAll} />
      </nav>
    );
  }
  return (
    <nav aria-label={t('home.actions')} className="grid grid-cols-3 gap-2">
      <Tile
        icon={<DepositIcon />}
        label={t('home.deposit')}
        testId="action-deposit"
        onClick={() => onAction('deposit')}
      />
      <Tile
        icon={<WithdrawIcon />}
        label={t('home.withdraw')}
        testId="action-withdraw"
        onClick={() => onAction('withdraw')}
      />
      {spin.isActive ? (
        <AppLink to="/user/spin" data-testid="action-spin" className={TILE}>
          <span className="text-gold-300">
            <WheelIcon />
          </span>
          <span>
            {t('home.spin')}{' '}
            <span
              data-testid="spin-coin"
              aria-busy={spin.coin === null}
              className={`rounded-full bg-gold-400 px-1.5 text-[11px] font-bold text-ink-950 ${spin.coin === null ? 'animate-pulse' : ''}`}
            >
              {spin.coin ?? '\u00a0\u00a0'}
            </span>
          </span>
        </AppLink>
      ) : (
        <RefreshAllTile refreshing={refreshing} onRefreshAll={onRefreshAll} />
      )}
      <Tile
        icon={<FriendsIcon />}
        label={t('home.inviteFriends')}
        testId="action-invite"
        onClick={() => onAction('invite')}
      />
      <AppLink to="/user/bonus" data-testid="action-bonus" className={TILE}>
        <span className="text-gold-300">
          <GiftIcon />
        </span>
        <span>{t('home.bonus')}</span>
      </AppLink>
      <Tile icon={<RefundIcon />} label={t('home.refund')} testId="action-refund" onClick={() => onAction('refund')} />
    </nav>
  );
}
