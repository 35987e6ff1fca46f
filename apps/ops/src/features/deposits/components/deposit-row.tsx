import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailsToggle } from '../../../components/queue-table';
import { Button } from '../../../components/ui/button';
import { formatDateTime, money } from '../../../lib/format';
import { MemberContext } from './member-context';

export type DepositDecision = 'assign' | 'reject';

type Props = {
  review: TOpsDepositReview;
  isOpen: boolean;
  onToggle: () => void;
  onDecide: (decision: DepositDecision) => void;
};

/** One line no member was credited with, and under it, when opened, its reference and known member. */
export function DepositRow({ review: r, isOpen, onToggle, onDecide }: Props) {
  const { t, i18n } = useTranslation('deposits');
  const from = [r.line.fromBankCode, r.line.from].filter(Boolean).join(' ') || '–';
  return (
    <>
      <tr data-testid="deposit-row" className="border-t border-slate-200 align-top">
        <td className="p-2 whitespace-nowrap">{formatDateTime(r.line.at ?? r.createdAt, i18n.language)}</td>
        <td className="p-2">
          <div>{t(`kinds.${r.kind}`)}</div>
          <div className="text-xs text-slate-500">{t('fromTo', { from, to: r.line.toAccountNo ?? '–' })}</div>
        </td>
        <td className="p-2 text-right font-medium whitespace-nowrap">{money(r.amount, r.currency)}</td>
        <td className="p-2 text-xs">
          <div>{t(`reasons.${r.reason}`)}</div>
          {r.memberId !== null && r.member ? (
            <Link to={`/members/${r.memberId}`} className="underline">
              {r.member.username}
            </Link>
          ) : null}
        </td>
        <td className="p-2">
          <div className="flex flex-wrap gap-1">
            <Button small onClick={() => onDecide('assign')}>
              {t('submit.assign')}
            </Button>
            <Button small variant="secondary" onClick={() => onDecide('reject')}>
              {t('submit.reject')}
            </Button>
            <DetailsToggle ns="deposits" isOpen={isOpen} onToggle={onToggle} />
          </div>
        </td>
      </tr>
      {isOpen ? (
        <tr data-testid="deposit-details" className="bg-slate-50 text-xs">
          <td colSpan={5} className="p-2">
            <div className="flex flex-col gap-2">
              <div>
                {t('reference')}: <span className="font-mono">{r.reference}</span>
              </div>
              <div>
                {t('heldAt')}: {formatDateTime(r.createdAt, i18n.language)}
              </div>
              {r.member ? <MemberContext m={r.member} currency={r.currency} /> : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
