import { MAIN_WALLET_CODE } from '@krapao/contracts/constants';
import { statusLabel } from '@krapao/contracts/errors';
import type { TStatementEntry } from '@krapao/contracts/statement';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRelative } from '../../../lib/format';
import { linkedDescription, signedAmount } from '../lib/statement-entry';
import { StatementTypeIcon } from './statement-type-icon';

const STATUS_TONES = {
  success: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-300',
  processing: 'bg-amber-500/15 text-amber-200',
} as const;

const AMOUNT_TONES: Record<string, string> = { '+': 'text-emerald-300', '-': 'text-rose-300' };

/** Icon, description, status, date-time, relative time and signed amount of one movement. */
export function StatementRow({ entry }: { entry: TStatementEntry }) {
  const { t } = useTranslation('statement');
  const status = statusLabel(entry.status);
  const account = (code: string) => (code === MAIN_WALLET_CODE ? t('wallet:mainWallet') : code);
  const description =
    linkedDescription(entry) ??
    (entry.statementType === 'transfer'
      ? t('transferFromTo', { from: account(entry.from), to: account(entry.to) })
      : t(`types.${entry.statementType}`, { defaultValue: entry.statementType }));
  const amount = signedAmount(entry);

  return (
    <li
      data-testid="statement-row"
      data-type={entry.statementType}
      data-status={status}
      className="flex items-center gap-3 border-b border-white/5 py-3 last:border-0"
    >
      <StatementTypeIcon type={entry.statementType} />
      <div className="min-w-0 flex-1">
        <p data-testid="statement-description" className="truncate text-sm font-medium text-white">
          {description}
        </p>
        <p className="text-[11px] text-white/50">
          <span data-testid="statement-date">{formatDate(entry.createdAt)}</span>
          {' · '}
          <span data-testid="statement-relative">{formatRelative(t, entry.createdAt)}</span>
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span
          data-testid="statement-amount"
          className={`text-sm font-semibold ${AMOUNT_TONES[amount.charAt(0)] ?? 'text-white'}`}
        >
          {amount}
        </span>
        <span
          data-testid="statement-status"
          className={`rounded-full px-2 py-0.5 text-[10px] font-semibold ${STATUS_TONES[status]}`}
        >
          {t(`errors:status.${status}`)}
        </span>
      </div>
    </li>
  );
}
