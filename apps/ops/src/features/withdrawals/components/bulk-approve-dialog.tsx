import type { TOpsBulkApproveResult } from '@krapao/contracts/ops/withdrawals';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useBulkApprove } from '../api/decide-withdrawal';

const ZCodeForm = z.object({ code: z.string().regex(/^\d{6}$/) });

type Props = { ids: number[]; onClose: () => void; onDone: (result: TOpsBulkApproveResult) => void };

/** Approves the selected withdrawals after the staff member enters their current authenticator code. */
export function BulkApproveDialog({ ids, onClose, onDone }: Props) {
  const { t } = useTranslation('withdrawals');
  const bulk = useBulkApprove();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(({ code }) => bulk.mutate({ ids, code }, { onSuccess: onDone }));
  return (
    <Dialog title={t('bulk.title', { count: ids.length })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t('bulk.explain', { count: ids.length })}</p>
        <TextField
          label={t('bulk.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={formState.errors.code ? t('common:validation.code') : undefined}
          {...register('code')}
        />
        {bulk.error ? <Alert>{errorText(t, bulk.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={bulk.isPending}>
            {t('bulk.submit', { count: ids.length })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
