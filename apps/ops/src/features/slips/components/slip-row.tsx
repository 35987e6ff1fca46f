import type { TOpsSlip } from '@krapao/contracts/ops/slips';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { daysSince, waitedFor } from '../../../lib/age';
import { formatDateTime } from '../../../lib/format';
import type { SlipDecision } from '../api/decide-slip';

type Props = {
  slip: TOpsSlip;
  now: number;
  isOpen: boolean;
  onToggle: () => void;
  onDecide: (decision: SlipDecision) => void;
};

export const money = (amount: number, currency: string) => `${amount.toLocaleString('en-US')} ${currency}`;

/** One slip, and under it, when opened, its image and what the reviewer weighs of its member. */
export function SlipRow({ slip: s, now, isOpen, onToggle, onDecide }: Props) {
  const { t, i18n } = useTranslation('slips');
  const m = s.member;
  const answer = s.status === 'PENDING' ? t('waitingOnBank') : t(`reasons.${s.note}`, { defaultValue: s.note ?? '–' });
  return (
    <>
      <tr data-testid="slip-row" className="border-t border-slate-200 align-top">
        <td className="p-2 whitespace-nowrap" title={formatDateTime(s.createdAt, i18n.language)}>
          {waitedFor(t, s.createdAt, now)}
        </td>
        <td className="p-2">
          <Link to={`/members/${s.memberId}`} className="underline">
            {m.username}
          </Link>
          <div className="text-xs text-slate-500">{m.name}</div>
        </td>
        <td className="p-2 text-right font-medium whitespace-nowrap">
          {s.amount > 0 ? money(s.amount, s.currency) : t('noAmount')}
        </td>
        <td className="p-2 text-xs">
          <div>{answer}</div>
          {s.note ? <div className="font-mono text-slate-500">{s.note}</div> : null}
        </td>
        <td className="p-2">
          <div className="flex flex-wrap gap-1">
            <Button small onClick={() => onDecide('credit')}>
              {t('submit.credit')}
            </Button>
            <Button small variant="secondary" onClick={() => onDecide('reject')}>
              {t('submit.reject')}
            </Button>
            <Button small variant="ghost" aria-expanded={isOpen} onClick={onToggle}>
              {isOpen ? t('less') : t('more')}
            </Button>
          </div>
        </td>
      </tr>
      {isOpen ? (
        <tr data-testid="slip-details" className="bg-slate-50 text-xs">
          <td colSpan={5} className="p-2">
            <div className="flex flex-col gap-3 sm:flex-row">
              {s.imageUrl ? (
                <a href={s.imageUrl} target="_blank" rel="noreferrer" className="shrink-0">
                  <img
                    src={s.imageUrl}
                    alt={t('details.image', { id: s.id })}
                    className="max-h-80 max-w-56 rounded border border-slate-300 bg-white object-contain"
                  />
                  <span className="mt-1 block underline">{t('details.openImage')}</span>
                </a>
              ) : (
                <p className="text-slate-500">{t('details.noImage')}</p>
              )}
              <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-slate-500">{t('details.transfer')}</dt>
                <dd className="font-mono">{s.transRef ? `${s.sendingBank ?? '?'} / ${s.transRef}` : '–'}</dd>
                <dt className="text-slate-500">{t('details.attempts')}</dt>
                <dd>{s.attempts}</dd>
                <dt className="text-slate-500">{t('details.createdAt')}</dt>
                <dd>{formatDateTime(s.createdAt, i18n.language)}</dd>
                <dt className="text-slate-500">{t('details.updatedAt')}</dt>
                <dd>{formatDateTime(s.updatedAt, i18n.language)}</dd>
                <dt className="text-slate-500">{t('details.accountAge')}</dt>
                <dd>{t('details.days', { count: daysSince(m.createdAt, now) })}</dd>
                <dt className="text-slate-500">{t('details.deposits30d')}</dt>
                <dd>{money(m.deposits30d, s.currency)}</dd>
                <dt className="text-slate-500">{t('details.withdrawals30d')}</dt>
                <dd>{money(m.withdrawals30d, s.currency)}</dd>
                <dt className="text-slate-500">{t('details.turnoverLeft')}</dt>
                <dd>{money(m.turnoverLeft, s.currency)}</dd>
                <dt className="text-slate-500">{t('details.condition')}</dt>
                <dd>{m.hasActiveCondition ? t('details.yes') : t('details.no')}</dd>
              </dl>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
