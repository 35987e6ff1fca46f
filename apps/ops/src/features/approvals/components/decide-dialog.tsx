import type { TApproval } from '@krapao/contracts/ops/approvals';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { type Decision, useDecideApproval } from '../api/decide-approval';
import { approvalSummary } from './approval-summary';

type Props = { approval: TApproval; decision: Decision; onClose: () => void };

/** Approves (books or applies) or rejects one request, with a reason for the audit trail. */
export function DecideDialog({ approval, decision, onClose }: Props) {
  const { t } = useTranslation('approvals');
  const decide = useDecideApproval();
  return (
    <Dialog title={t(`decide.${decision}`)} onClose={onClose}>
      <ReasonForm
        ns="approvals"
        submitLabel={t(`submit.${decision}`)}
        danger={decision === 'reject'}
        pending={decide.isPending}
        error={decide.error}
        onSubmit={(reason) => decide.mutate({ approval, decision, reason }, { onSuccess: onClose })}
        onCancel={onClose}
      >
        <p className="text-sm text-slate-700" data-testid="decide-summary">
          {approvalSummary(t, approval)}
        </p>
      </ReasonForm>
    </Dialog>
  );
}
