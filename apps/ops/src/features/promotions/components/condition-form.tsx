import { type TOpsInviteSettings, ZOpsInviteConditionSet } from '@krapao/contracts/ops/promotions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useChangeInviteSettings } from '../api/invite-settings';

/** The condition an invite claim starts (`invite`): success and fail percentages, with a reason. */
export function InviteConditionForm({ settings }: { settings: TOpsInviteSettings }) {
  const { t } = useTranslation('promotions');
  const change = useChangeInviteSettings();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZOpsInviteConditionSet),
    defaultValues: { key: 'invite' as const, value: settings.invite, reason: '' },
  });
  const errors = formState.errors;
  const num = { valueAsNumber: true } as const;
  const submit = handleSubmit((body) =>
    change.mutate(body, { onSuccess: (data) => reset({ key: 'invite', value: data.invite, reason: '' }) }),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('invite.conditionTitle')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-900">{t('invite.conditionTitle')}</h3>
      <LastChange ns="promotions" change={settings.changes.invite} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('success')}
          type="number"
          hint={t('successHint')}
          error={errors.value?.success ? t('validation.success') : undefined}
          {...register('value.success', num)}
        />
        <TextField
          label={t('fail')}
          type="number"
          hint={t('failHint')}
          error={errors.value?.fail ? t('validation.percentFail') : undefined}
          {...register('value.fail', num)}
        />
      </div>
      <TextField
        label={t('reason')}
        error={errors.reason ? t('validation.reason') : undefined}
        {...register('reason')}
      />
      {change.isError ? <Alert>{errorText(t, change.error)}</Alert> : null}
      {change.isSuccess ? <Alert tone="success">{t('saved')}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
