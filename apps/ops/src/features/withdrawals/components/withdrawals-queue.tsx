import type { TOpsBulkApproveResult, TOpsWithdrawal } from '@krapao/contracts/ops/withdrawals';
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
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
  const [openRows, setOpenRows] = useState<Set<number>>(new Set());
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
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data && items.length === 0 ? <p className="text-sm text-slate-600">{t('none')}</p> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="w-8 p-2">
                  <span className="sr-only">{t('selectColumn')}</span>
                </th>
                <th className="p-2">{t('columns.waiting')}</th>
                <th className="p-2">{t('columns.member')}</th>
                <th className="p-2 text-right">{t('columns.amount')}</th>
                <th className="p-2">{t('columns.reasons')}</th>
                <th className="p-2">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <WithdrawalRow
                  key={w.id}
                  w={w}
                  now={at}
                  isOpen={openRows.has(w.id)}
                  onToggle={() => setOpenRows(toggle(openRows, w.id, !openRows.has(w.id)))}
                  selected={mayBulk ? selected.has(w.id) : null}
                  onSelect={(on) => setSelected(toggle(selected, w.id, on))}
                  onDecide={(decision) => setDeciding({ withdrawal: w, decision })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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
