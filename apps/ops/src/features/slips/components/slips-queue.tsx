import type { TOpsSlip } from '@krapao/contracts/ops/slips';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import type { SlipDecision } from '../api/decide-slip';
import { useSlips } from '../api/list-slips';
import { DecideDialog } from './decide-dialog';
import { SlipRow } from './slip-row';

type Props = { now?: () => number };

/** Slips waiting for a person: failed ones nobody decided and those the bank keeps waiting; reloaded live. */
export function SlipsQueue({ now = Date.now }: Props) {
  const { t } = useTranslation('slips');
  const list = useSlips();
  const [openRows, setOpenRows] = useState<Set<number>>(new Set());
  const [deciding, setDeciding] = useState<{ slip: TOpsSlip; decision: SlipDecision } | null>(null);
  const items = list.data?.items ?? [];
  const toggle = (id: number) => {
    const next = new Set(openRows);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpenRows(next);
  };
  const at = now();

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
                <th className="p-2">{t('columns.waiting')}</th>
                <th className="p-2">{t('columns.member')}</th>
                <th className="p-2 text-right">{t('columns.amount')}</th>
                <th className="p-2">{t('columns.answer')}</th>
                <th className="p-2">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <SlipRow
                  key={s.id}
                  slip={s}
                  now={at}
                  isOpen={openRows.has(s.id)}
                  onToggle={() => toggle(s.id)}
                  onDecide={(decision) => setDeciding({ slip: s, decision })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deciding ? <DecideDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}
