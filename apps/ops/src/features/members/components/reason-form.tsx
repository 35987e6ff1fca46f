import { ZReason } from '@krapao/contracts/ops/staff';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';

const ZReasonForm = z.object({ reason: ZReason });

type Props = {
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  children?: ReactNode;
};

/** A member's access and money change only with a reason: it goes to the audit trail. */
export function ReasonForm({ submitLabel, danger, pending, error, onSubmit, onCancel, children }: Props) {
  const { t } = useTranslation('members');
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZReasonForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) => onSubmit(reason));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {children}
      <TextField
        label={t('reason')}
        error={formState.errors.reason ? t('reasonRequired') : undefined}
        {...register('reason')}
      />
      {error ? <Alert>{errorText(t, error)}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
