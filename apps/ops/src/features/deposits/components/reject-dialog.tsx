import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { money } from '../../../lib/format';
import { useDecideDeposit } from '../api/decide-deposit';

/** Marks a line as not ours, with a reason for the audit trail: no money moves. */
export function RejectDialog({ review: r, onClose }: { review: TOpsDepositReview; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const decide = useDecideDeposit();
  return (
    <Dialog title={t('decide.reject')} onClose={onClose}>
      <ReasonForm
        ns="deposits"
        submitLabel={t('submit.reject')}
        danger
        pending={decide.isPending}
        error={decide.error}
        onSubmit={(reason) => decide.mutate({ id: r.id, decision: 'reject', reason }, { onSuccess: onClose })}
        onCancel={onClose}
      >
        <p className="text-sm text-slate-700">{money(r.amount, r.currency)}</p>
        <p className="text-sm text-slate-600">{t('explain.reject')}</p>
      </ReasonForm>
    </Dialog>
  );
}
