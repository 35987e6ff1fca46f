import type { TOpsSlip } from '@krapao/contracts/ops/slips';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueHeading, QueueTable } from '../../../components/queue-table';
import { Alert } from '../../../components/ui/alert';
import { useOpenRows } from '../../../lib/open-rows';
import type { SlipDecision } from '../api/decide-slip';
import { useSlips } from '../api/list-slips';
import { DecideDialog } from './decide-dialog';
import { SlipRow } from './slip-row';

type Props = { now?: () => number };

/** Slips waiting for a person: failed ones nobody decided and those the bank keeps waiting; reloaded live. */
export function SlipsQueue({ now = Date.now }: Props) {
  const { t } = useTranslation('slips');
  const list = useSlips();
  const rows = useOpenRows();
  const [deciding, setDeciding] = useState<{ slip: TOpsSlip; decision: SlipDecision } | null>(null);
  const [sentForApproval, setSentForApproval] = useState<number | null>(null);
  const items = list.data?.items ?? [];
  const at = now();

  return (
    <div className="flex flex-col gap-4">
      <QueueHeading title={t('title')} intro={t('intro')} />
      {sentForApproval !== null ? <Alert tone="success">{t('sentForApproval', { id: sentForApproval })}</Alert> : null}
      <QueueTable
        list={list}
        empty={t('none')}
        columns={[
          t('columns.waiting'),
          t('columns.member'),
          { label: t('columns.amount'), className: 'p-2 text-right' },
          t('columns.answer'),
          t('columns.actions'),
        ]}
      >
        {items.map((s) => (
          <SlipRow
            key={s.id}
            slip={s}
            now={at}
            isOpen={rows.isOpen(s.id)}
            onToggle={() => rows.toggle(s.id)}
            onDecide={(decision) => setDeciding({ slip: s, decision })}
          />
        ))}
      </QueueTable>
      {deciding ? (
        <DecideDialog {...deciding} onClose={() => setDeciding(null)} onSentForApproval={setSentForApproval} />
      ) : null}
    </div>
  );
}
