import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../../lib/format';
import { RefreshIcon } from './home-icons';

/** What the card shows; null until the wallet has answered once. */
export type HomeFigures = { name: string; total: number; inviteAmount: number };

/**
 * `loading`: no figures yet and the sync is running (skeletons); `updating`: the figures shown are
 * the last known ones and a sync is running (marked); `idle`: nothing running (without figures the
 * load failed, and the card shows dashes, never 0.00).
 */
export type FiguresStatus = 'loading' | 'updating' | 'idle';

type HomeSummaryProps = {
  figures: HomeFigures | null;
  status: FiguresStatus;
  lastSync: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  /** Opens the transfer modal between the wallet and the game accounts. */
  onTransfer: () => void;
  onReceiveInvite: () => void;
  /** A time-out or self-exclusion is in force: the invite bonus cannot be received. */
  paused?: boolean;
};

/** Name, last-updated time with refresh, total balance, referral bonus with receive (docs/product.md §2.5). */
export function HomeSummary(props: HomeSummaryProps) {
  const { figures, status, lastSync, refreshing, onRefresh, onTransfer, onReceiveInvite, paused } = props;
  const { t } = useTranslation('wallet');
  // Each placeholder has the height of the line it stands for: the card does not move when figures arrive.
  const figure = (value: (f: HomeFigures) => string, skeleton: string) =>
    figures ? value(figures) : status === 'loading' ? <Skeleton className={skeleton} /> : '–';
  const busy = status !== 'idle';
  return (
    <Card className="flex flex-col gap-4 bg-gradient-to-br from-ink-800 via-ink-900 to-gold-900/40">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-white/55">{t('home.greeting')}</p>
          <p data-testid="home-name" aria-busy={busy} className="truncate text-lg font-bold text-white">
            {figure((f) => f.name || '–', 'h-7 w-36')}
          </p>
        </div>
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          data-testid="home-refresh"
          aria-label={t('home.refresh')}
          title={t('home.refresh')}
          className="rounded-full border border-gold-500/40 p-2 text-gold-300 transition hover:bg-gold-500/10 disabled:opacity-60"
        >
          <span className={`block ${refreshing ? 'animate-spin' : ''}`}>
            <RefreshIcon size={18} />
          </span>
        </button>
      </div>
      <div className="flex items-end justify-between gap-3">
        <div>
          <p className="text-xs text-white/55">{t('home.total')}</p>
          <p
            data-testid="home-total"
            aria-busy={busy}
            className={`text-3xl font-bold tracking-tight text-gold-200 transition-opacity ${status === 'updating' ? 'opacity-60' : ''}`}
          >
            {figure((f) => formatNumber(f.total), 'h-9 w-40')}
          </p>
          {busy ? (
            <p role="status" data-testid="home-updating" className="mt-1 animate-pulse text-[11px] text-gold-300/80">
              {t('home.updating')}
            </p>
          ) : (
            <p className="mt-1 text-[11px] text-white/45">
              {t('home.lastSync')} <span data-testid="home-last-sync">{lastSync ? formatDate(lastSync) : '–'}</span>
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={onTransfer} data-testid="home-transfer" className="px-3 py-1.5">
          {t('home.transfer')}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-xl bg-ink-950/50 px-3 py-2.5">
        <div>
          <p className="text-xs text-white/55">{t('home.inviteBonus')}</p>
          <p data-testid="home-invite-amount" aria-busy={busy} className="text-base font-semibold text-white">
            {figure((f) => formatNumber(f.inviteAmount), 'h-6 w-16')}
          </p>
        </div>
        {paused ? null : (
          <Button onClick={onReceiveInvite} data-testid="home-invite-receive" className="px-3 py-1.5">
            {t('home.receive')}
          </Button>
        )}
      </div>
    </Card>
  );
}
