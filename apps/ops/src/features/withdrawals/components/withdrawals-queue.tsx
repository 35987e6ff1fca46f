import type { TOpsBulkApproveResult, TOpsWithdrawal } from '@krapao/contracts/ops/withdrawals';
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueTable } from '../../../components/queue-table';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useOpenRows } from '../../../lib/open-rows';
import type { Decision } from '../api/decide-withdrawal';
import { useWithdrawals } from '../api/list-withdrawals';
import { BulkApproveDialog } from './bulk-approve-dialog';
import { DecideDialog } from './decide-dialog';
import { WithdrawalRow } from './withdrawal-row';

const STATUSES: WithdrawalStatus[] = ['WAITING_APPROVAL', 'APPROVED', 'PAID', 'REJECTED'];

type Props = { permissions: readonly string[]; now?: () => number };

/** The withdrawals queue: oldest first, reloaded live when any withdrawal changes. */
export function WithdrawalsQueue({ permissions, now = Date.now }: Props) {
  const { t } = useTranslation('withdrawals');
  const [status, setStatus] = useState<WithdrawalStatus>('WAITING_APPROVAL');
  const list = useWithdrawals(status);
  const rows = useOpenRows();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deciding, setDeciding] = useState<{ withdrawal: TOpsWithdrawal; decision: Decision } | null>(null);
  const [isBulkOpen, setBulkOpen] = useState(false);
  const [bulkResult, setBulkResult] = useState<TOpsBulkApproveResult | null>(null);
  const mayBulk = permissions.includes('withdrawals.bulk');
  const items = list.data?.items ?? [];
  // Only what is still listed and waiting can be approved together.
  const chosen = items.filter((w) => selected.has(w.id) && w.status === 'WAITING_APPROVAL').map((w) => w.id);
  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const refused = bulkResult?.results.filter((r) => r.error) ?? [];
  const at = now();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-xl font-semibold text-slate-900">{t('title')}</h1>
        <SelectField
          label={t('status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as WithdrawalStatus);
            setSelected(new Set());
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        {mayBulk ? (
          <Button disabled={chosen.length === 0} onClick={() => setBulkOpen(true)}>
            {t('bulk.open', { count: chosen.length })}
          </Button>
        ) : null}
      </div>
      {bulkResult ? (
        <Alert tone={refused.length ? 'error' : 'success'}>
          {t('bulk.done', { approved: bulkResult.results.length - refused.length, refused: refused.length })}
          {refused.map((r) => ` #${r.id}: ${t(`errors:${r.error}`, { defaultValue: r.error ?? '' })}`).join(';')}
        </Alert>
      ) : null}
      <QueueTable
        list={list}
        empty={t('none')}
        columns={[
          { label: <span className="sr-only">{t('selectColumn')}</span>, className: 'w-8 p-2' },
          t('columns.waiting'),
          t('columns.member'),
          { label: t('columns.amount'), className: 'p-2 text-right' },
          t('columns.reasons'),
          t('columns.actions'),
        ]}
      >
        {items.map((w) => (
          <WithdrawalRow
            key={w.id}
            w={w}
            now={at}
            isOpen={rows.isOpen(w.id)}
            onToggle={() => rows.toggle(w.id)}
            selected={mayBulk ? selected.has(w.id) : null}
            onSelect={(on) => setSelected(toggle(selected, w.id, on))}
            onDecide={(decision) => setDeciding({ withdrawal: w, decision })}
          />
        ))}
      </QueueTable>
      {deciding ? <DecideDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
      {isBulkOpen ? (
        <BulkApproveDialog
          ids={chosen}
          onClose={() => setBulkOpen(false)}
          onDone={(result) => {
            setBulkResult(result);
            setSelected(new Set());
            setBulkOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
