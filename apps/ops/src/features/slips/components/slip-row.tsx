import type { TOpsSlip } from '@krapao/contracts/ops/slips';
import { useTranslation } from 'react-i18next';
import { MemberAgeFacts, MemberCell, WaitedCell } from '../../../components/member-context';
import { DetailsToggle } from '../../../components/queue-table';
import { Button } from '../../../components/ui/button';
import { formatDateTime, money } from '../../../lib/format';
import type { SlipDecision } from '../api/decide-slip';

type Props = {
  slip: TOpsSlip;
  now: number;
  isOpen: boolean;
  onToggle: () => void;
  onDecide: (decision: SlipDecision) => void;
};

/** One slip, and under it, when opened, its image and what the reviewer weighs of its member. */
export function SlipRow({ slip: s, now, isOpen, onToggle, onDecide }: Props) {
  const { t, i18n } = useTranslation('slips');
  const answer = s.status === 'PENDING' ? t('waitingOnBank') : t(`reasons.${s.note}`, { defaultValue: s.note ?? '–' });
  return (
    <>
      <tr data-testid="slip-row" className="border-t border-slate-200 align-top">
        <WaitedCell ns="slips" since={s.createdAt} now={now} />
        <MemberCell memberId={s.memberId} member={s.member} />
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
            <DetailsToggle ns="slips" isOpen={isOpen} onToggle={onToggle} />
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
                <MemberAgeFacts ns="slips" m={s.member} currency={s.currency} now={now} />
              </dl>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
