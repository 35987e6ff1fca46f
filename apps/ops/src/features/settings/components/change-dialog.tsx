import { ZReason } from '@krapao/contracts/ops/staff';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { type SettingChange, useChangeSetting } from '../api/change-setting';

const ZReasonForm = z.object({ reason: ZReason });

type ChangeDialogProps = {
  title: string;
  change: Omit<SettingChange, 'reason'>;
  danger?: boolean;
  /** What the change does, above the reason (a warning when the site closes). */
  children?: ReactNode;
  onClose: () => void;
};

/** Every setting change says why: the reason goes to the audit trail with the value before and after. */
export function ChangeDialog({ title, change, danger, children, onClose }: ChangeDialogProps) {
  const { t } = useTranslation('settings');
  const mutation = useChangeSetting();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZReasonForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) =>
    mutation.mutate({ ...change, reason } as SettingChange, { onSuccess: onClose }),
  );
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {children}
        <TextField
          label={t('reason')}
          error={formState.errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        {mutation.error ? <Alert>{errorText(t, mutation.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={mutation.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
