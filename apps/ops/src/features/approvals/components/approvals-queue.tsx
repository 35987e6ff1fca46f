import type { TApproval } from '@krapao/contracts/ops/approvals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import type { Decision } from '../api/decide-approval';
import { useApprovals } from '../api/list-approvals';
import { approvalSummary } from './approval-summary';
import { DecideDialog } from './decide-dialog';

type Props = { meId: number; permissions: readonly string[] };

/** Who may decide a request: never its requester, and only under the kind's permission. */
export function canDecide(a: TApproval, meId: number, permissions: readonly string[]): boolean {
  const permission = a.kind === 'bank-change' ? 'members.bank.approve' : 'money.adjust.approve';
  return a.requestedBy !== meId && permissions.includes(permission);
}

export function ApprovalsQueue({ meId, permissions }: Props) {
  const { t, i18n } = useTranslation('approvals');
  const list = useApprovals();
  const [open, setOpen] = useState<{ approval: TApproval; decision: Decision } | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data?.items.length === 0 ? <p className="text-sm text-slate-600">{t('none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.data?.items.map((a) => (
          <li
            key={a.id}
            data-testid="approval-row"
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">{approvalSummary(t, a)}</p>
              <p className="text-slate-600">
                <Link to={`/members/${a.memberId}`} className="underline">
                  #{a.memberId}
                </Link>{' '}
                · {t('requestedBy', { name: a.requestedByName })} · {formatDateTime(a.createdAt, i18n.language)}
              </p>
              {a.slip ? (
                <p className="text-slate-600" data-testid="approval-slip">
                  {t('slipTransfer', { sendingBank: a.slip.sendingBank, transRef: a.slip.transRef })}
                  {a.slip.imageUrl ? (
                    <>
                      {' · '}
                      <a href={a.slip.imageUrl} target="_blank" rel="noreferrer" className="underline">
                        {t('openSlip')}
                      </a>
                    </>
                  ) : null}
                </p>
              ) : null}
              <p className="text-slate-600">{a.reason}</p>
            </div>
            {canDecide(a, meId, permissions) ? (
              <div className="flex gap-2">
                <Button small onClick={() => setOpen({ approval: a, decision: 'approve' })}>
                  {t('submit.approve')}
                </Button>
                <Button small variant="secondary" onClick={() => setOpen({ approval: a, decision: 'reject' })}>
                  {t('submit.reject')}
                </Button>
              </div>
            ) : a.requestedBy === meId ? (
              <p className="text-xs text-slate-500">{t('yours')}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {open ? <DecideDialog {...open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
