import type { TDepositLookup } from '@krapao/contracts/lookup';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link';
import { formatDate } from '../../../lib/format';

type Blocked = NonNullable<TDepositLookup['blocked']>;

/**
 * Shown instead of the accounts, wallets and QR codes while the member is on a break or their
 * deposit limit has nothing left: why, until when, and the way to their limits and breaks.
 */
export function DepositBlocked({ blocked }: { blocked: Blocked }) {
  const { t } = useTranslation('deposit');
  const date = blocked.until ? formatDate(blocked.until) : '';
  const text =
    blocked.reason === 'excluded'
      ? date
        ? t('blocked.excludedUntil', { date })
        : t('blocked.excludedPermanent')
      : date
        ? t('blocked.limitUntil', { date })
        : t('blocked.limit');
  return (
    <section
      role="status"
      data-testid="deposit-blocked"
      data-reason={blocked.reason}
      className="flex flex-col gap-2 rounded-xl border border-rose-400/40 bg-ink-800/70 p-4 text-center"
    >
      <p data-testid="deposit-blocked-text" className="text-sm font-semibold text-rose-100">
        {text}
      </p>
      <p className="text-xs text-white/65">{t('blocked.help')}</p>
      <AppLink
        to="/user/protection"
        data-testid="deposit-blocked-link"
        className="text-sm font-semibold text-gold-200 underline underline-offset-2"
      >
        {t('blocked.link')}
      </AppLink>
    </section>
  );
}
