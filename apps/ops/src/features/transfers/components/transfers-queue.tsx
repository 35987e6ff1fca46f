import type { TOpsTransfer, TOpsTransferDecided } from '@krapao/contracts/ops/transfers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useTransfers } from '../api/list-transfers';
import { useReconcileTransfer } from '../api/settle-transfer';
import { ProviderAnswerDialog } from './provider-answer-dialog';
import { SettleDialog } from './settle-dialog';
import { TransferRow } from './transfer-row';

type Props = { now?: () => number };

/** The stuck-transfers queue: oldest first, reloaded live when the reconciler gives up on one or one settles. */
export function TransfersQueue({ now = Date.now }: Props) {
  const { t } = useTranslation('transfers');
  const list = useTransfers();
  const reconcile = useReconcileTransfer();
  const [open, setOpen] = useState<{ transfer: TOpsTransfer; dialog: 'answer' | 'settle' } | null>(null);
  const [result, setResult] = useState<{ transfer: TOpsTransfer; decided: TOpsTransferDecided } | null>(null);
  const items = list.data?.items ?? [];
  const at = now();

  const reconcileNow = (transfer: TOpsTransfer) => {
    setResult(null);
    reconcile.mutate({ id: transfer.id }, { onSuccess: (decided) => setResult({ transfer, decided }) });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
        {list.data ? (
          <p className="text-sm text-slate-600">{t('explain', { minutes: list.data.stuckAfterMinutes })}</p>
        ) : null}
      </div>
      {result ? (
        <Alert tone={result.decided.status === 'UNKNOWN' ? 'error' : 'success'}>
          {t(`reconciled.${result.decided.status}`, { id: result.transfer.providerTransferId })}
        </Alert>
      ) : null}
      {reconcile.error ? <Alert>{errorText(t, reconcile.error)}</Alert> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data && items.length === 0 ? <p className="text-sm text-slate-600">{t('none')}</p> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="p-2">{t('columns.age')}</th>
                <th className="p-2">{t('columns.member')}</th>
                <th className="p-2">{t('columns.direction')}</th>
                <th className="p-2">{t('columns.game')}</th>
                <th className="p-2 text-right">{t('columns.amount')}</th>
                <th className="p-2">{t('columns.transfer')}</th>
                <th className="p-2">{t('columns.attempts')}</th>
                <th className="p-2">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((x) => (
                <TransferRow
                  key={x.id}
                  x={x}
                  now={at}
                  isReconciling={reconcile.isPending && reconcile.variables?.id === x.id}
                  onAction={(action) =>
                    action === 'reconcile' ? reconcileNow(x) : setOpen({ transfer: x, dialog: action })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open?.dialog === 'answer' ? (
        <ProviderAnswerDialog transfer={open.transfer} onClose={() => setOpen(null)} />
      ) : null}
      {open?.dialog === 'settle' ? <SettleDialog transfer={open.transfer} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
