import { ZReason } from '@krapao/contracts/ops/staff';
import { type TOpsWithdrawal, ZBankReference } from '@krapao/contracts/ops/withdrawals';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActions } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import { type Decision, useDecideWithdrawal } from '../api/decide-withdrawal';

const FORMS = {
  approve: z.object({ reason: z.union([z.literal(''), ZReason]), bankRef: z.string() }),
  reject: z.object({ reason: ZReason, bankRef: z.string() }),
  markPaid: z.object({ reason: ZReason, bankRef: ZBankReference }),
};

type Props = { withdrawal: TOpsWithdrawal; decision: Decision; onClose: () => void };

/** Approves, rejects (money back) or marks as paid by hand one withdrawal, with a reason for the audit trail. */
export function DecideDialog({ withdrawal: w, decision, onClose }: Props) {
  const { t } = useTranslation('withdrawals');
  const decide = useDecideWithdrawal();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(FORMS[decision]),
    defaultValues: { reason: '', bankRef: '' },
  });
  const submit = handleSubmit(({ reason, bankRef }) =>
    decide.mutate({ id: w.id, decision, reason, bankRef }, { onSuccess: onClose }),
  );
  return (
    <Dialog title={t(`decide.${decision}`)} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700" data-testid="decide-summary">
          {t('summary', { amount: w.amount, currency: w.currency, member: w.member.username })}
        </p>
        <p className="text-sm text-slate-600">{t(`explain.${decision}`)}</p>
        <TextField
          label={decision === 'approve' ? t('reasonOptional') : t('reason')}
          error={formState.errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        {decision === 'markPaid' ? (
          <TextField
            label={t('bankRef')}
            error={formState.errors.bankRef ? t('bankRefRequired') : undefined}
            {...register('bankRef')}
          />
        ) : null}
        <FormActions
          submitLabel={t(`submit.${decision}`)}
          danger={decision === 'reject'}
          pending={decide.isPending}
          error={decide.error}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
