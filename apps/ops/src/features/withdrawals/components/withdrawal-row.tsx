import type { TOpsWithdrawal } from '@krapao/contracts/ops/withdrawals';
import { useTranslation } from 'react-i18next';
import { MemberAgeFacts, MemberCell, WaitedCell } from '../../../components/member-context';
import { DetailsToggle } from '../../../components/queue-table';
import { Button } from '../../../components/ui/button';
import { money } from '../../../lib/format';
import type { Decision } from '../api/decide-withdrawal';

type Props = {
  w: TOpsWithdrawal;
  now: number;
  isOpen: boolean;
  onToggle: () => void;
  /** Null when the role may not bulk-approve: no checkbox. */
  selected: boolean | null;
  onSelect: (checked: boolean) => void;
  onDecide: (decision: Decision) => void;
};

/** One withdrawal, and under it, when opened, what the reviewer weighs of its member. */
export function WithdrawalRow({ w, now, isOpen, onToggle, selected, onSelect, onDecide }: Props) {
  const { t } = useTranslation('withdrawals');
  const isWaiting = w.status === 'WAITING_APPROVAL';
  return (
    <>
      <tr data-testid="withdrawal-row" className="border-t border-slate-200 align-top">
        <td className="p-2">
          {selected === null || !isWaiting ? null : (
            <input
              type="checkbox"
              aria-label={t('select', { id: w.id })}
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
            />
          )}
        </td>
        <WaitedCell ns="withdrawals" since={w.createdAt} now={now} />
        <MemberCell memberId={w.memberId} member={w.member} />
        <td className="p-2 text-right font-medium whitespace-nowrap">{money(w.amount, w.currency)}</td>
        <td className="p-2 text-xs">{w.reviewReasons.map((r) => t(`reasons.${r}`)).join(', ') || '–'}</td>
        <td className="p-2">
          <div className="flex flex-wrap gap-1">
            {isWaiting ? (
              <Button small onClick={() => onDecide('approve')}>
                {t('submit.approve')}
              </Button>
            ) : null}
            {w.status === 'APPROVED' ? (
              <Button small variant="secondary" onClick={() => onDecide('markPaid')}>
                {t('submit.markPaid')}
              </Button>
            ) : null}
            {isWaiting || w.status === 'APPROVED' ? (
              <Button small variant="secondary" onClick={() => onDecide('reject')}>
                {t('submit.reject')}
              </Button>
            ) : null}
            <DetailsToggle ns="withdrawals" isOpen={isOpen} onToggle={onToggle} />
          </div>
        </td>
      </tr>
      {isOpen ? (
        <tr data-testid="withdrawal-details" className="bg-slate-50 text-xs">
          <td />
          <td colSpan={5} className="p-2">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt className="text-slate-500">{t('details.bank')}</dt>
              <dd>
                {w.bankAccount.bankCode} {w.bankAccount.accountNo} ({w.bankAccount.accountName})
              </dd>
              <MemberAgeFacts ns="withdrawals" m={w.member} currency={w.currency} now={now} />
              {w.note ? (
                <>
                  <dt className="text-slate-500">{t('details.note')}</dt>
                  <dd>{w.note}</dd>
                </>
              ) : null}
            </dl>
          </td>
        </tr>
      ) : null}
    </>
  );
}
