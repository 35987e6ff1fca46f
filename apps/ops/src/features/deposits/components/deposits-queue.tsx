import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useDeposits } from '../api/list-deposits';
import { AssignDialog } from './assign-dialog';
import { type DepositDecision, DepositRow } from './deposit-row';
import { RejectDialog } from './reject-dialog';

/** Money that arrived and no member was credited with: oldest first, reloaded live. */
export function DepositsQueue() {
  const { t } = useTranslation('deposits');
  const list = useDeposits();
  const [openRows, setOpenRows] = useState<Set<number>>(new Set());
  const [deciding, setDeciding] = useState<{ review: TOpsDepositReview; decision: DepositDecision } | null>(null);
  const items = list.data?.items ?? [];
  const toggle = (id: number) => {
    const next = new Set(openRows);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpenRows(next);
  };
  const close = () => setDeciding(null);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('intro')}</p>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data && items.length === 0 ? <p className="text-sm text-slate-600">{t('none')}</p> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="p-2">{t('columns.at')}</th>
                <th className="p-2">{t('columns.line')}</th>
                <th className="p-2 text-right">{t('columns.amount')}</th>
                <th className="p-2">{t('columns.reason')}</th>
                <th className="p-2">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <DepositRow
                  key={r.id}
                  review={r}
                  isOpen={openRows.has(r.id)}
                  onToggle={() => toggle(r.id)}
                  onDecide={(decision) => setDeciding({ review: r, decision })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deciding?.decision === 'assign' ? <AssignDialog review={deciding.review} onClose={close} /> : null}
      {deciding?.decision === 'reject' ? <RejectDialog review={deciding.review} onClose={close} /> : null}
    </div>
  );
}
