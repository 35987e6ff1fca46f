import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueHeading, QueueTable } from '../../../components/queue-table';
import { useOpenRows } from '../../../lib/open-rows';
import { useDeposits } from '../api/list-deposits';
import { AssignDialog } from './assign-dialog';
import { type DepositDecision, DepositRow } from './deposit-row';
import { RejectDialog } from './reject-dialog';

/** Money that arrived and no member was credited with: oldest first, reloaded live. */
export function DepositsQueue() {
  const { t } = useTranslation('deposits');
  const list = useDeposits();
  const rows = useOpenRows();
  const [deciding, setDeciding] = useState<{ review: TOpsDepositReview; decision: DepositDecision } | null>(null);
  const items = list.data?.items ?? [];
  const close = () => setDeciding(null);

  return (
    <div className="flex flex-col gap-4">
      <QueueHeading title={t('title')} intro={t('intro')} />
      <QueueTable
        list={list}
        empty={t('none')}
        columns={[
          t('columns.at'),
          t('columns.line'),
          { label: t('columns.amount'), className: 'p-2 text-right' },
          t('columns.reason'),
          t('columns.actions'),
        ]}
      >
        {items.map((r) => (
          <DepositRow
            key={r.id}
            review={r}
            isOpen={rows.isOpen(r.id)}
            onToggle={() => rows.toggle(r.id)}
            onDecide={(decision) => setDeciding({ review: r, decision })}
          />
        ))}
      </QueueTable>
      {deciding?.decision === 'assign' ? <AssignDialog review={deciding.review} onClose={close} /> : null}
      {deciding?.decision === 'reject' ? <RejectDialog review={deciding.review} onClose={close} /> : null}
    </div>
  );
}
