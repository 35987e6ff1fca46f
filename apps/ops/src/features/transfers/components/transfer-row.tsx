import type { TOpsTransfer } from '@krapao/contracts/ops/transfers';
import { useTranslation } from 'react-i18next';
import { MemberCell, WaitedCell } from '../../../components/member-context';
import { Button } from '../../../components/ui/button';
import { money } from '../../../lib/format';

export type TransferAction = 'answer' | 'reconcile' | 'settle';

type Props = { x: TOpsTransfer; now: number; isReconciling: boolean; onAction: (action: TransferAction) => void };

/** One stuck transfer: its age, member, way, game, amount, attempts, and what staff can do with it. */
export function TransferRow({ x, now, isReconciling, onAction }: Props) {
  const { t } = useTranslation('transfers');
  return (
    <tr data-testid="transfer-row" className="border-t border-slate-200 align-top">
      <WaitedCell ns="transfers" since={x.createdAt} now={now} />
      <MemberCell memberId={x.memberId} member={x.member} />
      <td className="p-2 whitespace-nowrap">{t(`directions.${x.direction}`)}</td>
      <td className="p-2">
        {x.gameName ?? x.gameCode}
        <div className="text-xs text-slate-500">
          {x.gameCode} · {x.provider ?? '–'}
        </div>
      </td>
      <td className="p-2 text-right font-medium whitespace-nowrap">{money(x.amount, x.currency)}</td>
      <td className="p-2">
        <div className="font-mono text-xs">{x.providerTransferId}</div>
        <div className="text-xs">{t(`statuses.${x.status}`)}</div>
        {x.isBusy ? <div className="text-xs text-amber-700">{t('busy')}</div> : null}
      </td>
      <td className="p-2 text-xs">
        <div>{t('attempts', { count: x.attempts })}</div>
        {x.lastError ? <div className="break-all text-slate-500">{x.lastError}</div> : null}
      </td>
      <td className="p-2">
        <div className="flex flex-wrap gap-1">
          <Button small variant="secondary" onClick={() => onAction('answer')}>
            {t('actions.answer')}
          </Button>
          <Button small disabled={isReconciling} onClick={() => onAction('reconcile')}>
            {t('actions.reconcile')}
          </Button>
          <Button small variant="secondary" onClick={() => onAction('settle')}>
            {t('actions.settle')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
