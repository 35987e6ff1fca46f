import type { TOpsTransfer, TOpsTransferDecided } from '@krapao/contracts/ops/transfers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueHeading, QueueTable } from '../../../components/queue-table';
import { Alert } from '../../../components/ui/alert';
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
      <QueueHeading
        title={t('title')}
        intro={list.data ? t('explain', { minutes: list.data.stuckAfterMinutes }) : null}
      />
      {result ? (
        <Alert tone={result.decided.status === 'UNKNOWN' ? 'error' : 'success'}>
          {t(`reconciled.${result.decided.status}`, { id: result.transfer.providerTransferId })}
        </Alert>
      ) : null}
      {reconcile.error ? <Alert>{errorText(t, reconcile.error)}</Alert> : null}
      <QueueTable
        list={list}
        empty={t('none')}
        isWide
        columns={[
          t('columns.age'),
          t('columns.member'),
          t('columns.direction'),
          t('columns.game'),
          { label: t('columns.amount'), className: 'p-2 text-right' },
          t('columns.transfer'),
          t('columns.attempts'),
          t('columns.actions'),
        ]}
      >
        {items.map((x) => (
          <TransferRow
            key={x.id}
            x={x}
            now={at}
            isReconciling={reconcile.isPending && reconcile.variables?.id === x.id}
            onAction={(action) => (action === 'reconcile' ? reconcileNow(x) : setOpen({ transfer: x, dialog: action }))}
          />
        ))}
      </QueueTable>
      {open?.dialog === 'answer' ? (
        <ProviderAnswerDialog transfer={open.transfer} onClose={() => setOpen(null)} />
      ) : null}
      {open?.dialog === 'settle' ? <SettleDialog transfer={open.transfer} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
