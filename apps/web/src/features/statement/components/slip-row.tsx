import { statusLabel } from '@krapao/contracts/errors';
import type { TSlip } from '@krapao/contracts/statement';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { slipReasonText } from '../../../lib/slip-reason';
import { getSlipReference } from '../api/get-slips';
import { openSlipImage, slipImageUrl } from '../lib/slip-image';

const STATUS_TONES = {
  success: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-300',
  processing: 'bg-amber-500/15 text-amber-200',
} as const;

const VIEW = 'text-gold-300 underline underline-offset-2 hover:text-gold-200';

function ViewImage({ slip }: { slip: TSlip }) {
  const { t } = useTranslation('statement');
  const link = slipImageUrl(slip.link);
  if (link) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" data-testid="slip-view" className={VIEW}>
        {t('slip.view')}
      </a>
    );
  }
  return (
    <button
      type="button"
      data-testid="slip-view"
      className={VIEW}
      onClick={() => void openSlipImage(() => getSlipReference(slip.reference))}
    >
      {t('slip.view')}
    </button>
  );
}

/** One uploaded slip: date, amount, status, reason in the member's language, view image. */
export function SlipRow({ slip }: { slip: TSlip }) {
  const { t } = useTranslation('statement');
  const status = statusLabel(slip.status);
  const [day, time] = formatDate(slip.createdAt).split(' ');
  return (
    <tr data-testid="slip-row" data-status={status} className="border-b border-white/5 align-top last:border-0">
      <td data-testid="slip-date" className="py-2.5 pr-2 whitespace-nowrap text-white/70">
        {day}
        <br />
        {time}
      </td>
      <td data-testid="slip-amount" className="py-2.5 pr-2 text-right font-semibold whitespace-nowrap text-white">
        {formatNumber(slip.amount)}
      </td>
      <td className="py-2.5 pr-2">
        <span
          data-testid="slip-status"
          className={`inline-block rounded-full px-2 py-0.5 text-[10px] font-semibold whitespace-nowrap ${STATUS_TONES[status]}`}
        >
          {t(`errors:status.${status}`)}
        </span>
      </td>
      <td data-testid="slip-reason" className="py-2.5 pr-2 break-words text-white/70">
        {slipReasonText(t, slip.note) || '-'}
      </td>
      <td className="py-2.5 text-right whitespace-nowrap">
        <ViewImage slip={slip} />
      </td>
    </tr>
  );
}
