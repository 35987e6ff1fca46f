import type { TApproval } from '@krapao/contracts/ops/approvals';
import { ZReason } from '@krapao/contracts/ops/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { type Decision, useDecideApproval } from '../api/decide-approval';
import { approvalSummary } from './approval-summary';

const ZDecisionForm = z.object({ reason: ZReason });

type Props = { approval: TApproval; decision: Decision; onClose: () => void };

/** Approves (books or applies) or rejects one request, with a reason for the audit trail. */
export function DecideDialog({ approval, decision, onClose }: Props) {
  const { t } = useTranslation('approvals');
  const decide = useDecideApproval();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZDecisionForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) => decide.mutate({ approval, decision, reason }, { onSuccess: onClose }));
  return (
    <Dialog title={t(`decide.${decision}`)} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700" data-testid="decide-summary">
          {approvalSummary(t, approval)}
        </p>
        <TextField
          label={t('reason')}
          error={formState.errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        {decide.error ? <Alert>{errorText(t, decide.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant={decision === 'reject' ? 'danger' : 'primary'} disabled={decide.isPending}>
            {t(`submit.${decision}`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
