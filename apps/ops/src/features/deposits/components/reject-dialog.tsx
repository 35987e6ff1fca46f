import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
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
import { useDecideDeposit } from '../api/decide-deposit';
import { money } from './member-context';

const FORM = z.object({ reason: ZReason });

/** Marks a line as not ours, with a reason for the audit trail: no money moves. */
export function RejectDialog({ review: r, onClose }: { review: TOpsDepositReview; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const decide = useDecideDeposit();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(FORM), defaultValues: { reason: '' } });
  const submit = handleSubmit(({ reason }) =>
    decide.mutate({ id: r.id, decision: 'reject', reason }, { onSuccess: onClose }),
  );
  return (
    <Dialog title={t('decide.reject')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{money(r.amount, r.currency)}</p>
        <p className="text-sm text-slate-600">{t('explain.reject')}</p>
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
          <Button type="submit" variant="danger" disabled={decide.isPending}>
            {t('submit.reject')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
