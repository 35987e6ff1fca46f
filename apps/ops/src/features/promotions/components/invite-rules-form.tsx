import { type TOpsInviteSettings, ZOpsInviteRulesSet } from '@krapao/contracts/ops/promotions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useChangeInviteSettings } from '../api/invite-settings';
import { CheckField } from './check-field';

/** The referral share and the claim rules (`inviteRules`), changed with a reason. */
export function InviteRulesForm({ settings }: { settings: TOpsInviteSettings }) {
  const { t } = useTranslation('promotions');
  const change = useChangeInviteSettings();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZOpsInviteRulesSet),
    defaultValues: { key: 'inviteRules' as const, value: settings.inviteRules, reason: '' },
  });
  const errors = formState.errors;
  const num = { valueAsNumber: true } as const;
  const submit = handleSubmit((body) =>
    change.mutate(body, { onSuccess: (data) => reset({ key: 'inviteRules', value: data.inviteRules, reason: '' }) }),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('invite.rulesTitle')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-900">{t('invite.rulesTitle')}</h3>
      <LastChange ns="promotions" change={settings.changes.inviteRules} />
      <CheckField label={t('invite.isActive')} {...register('value.isActive')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('invite.sharePercent')}
          type="number"
          step="0.01"
          hint={t('invite.sharePercentHint')}
          error={errors.value?.sharePercent ? t('validation.sharePercent') : undefined}
          {...register('value.sharePercent', num)}
        />
        <TextField
          label={t('invite.minimumClaim')}
          type="number"
          step="0.01"
          error={errors.value?.minimumClaim ? t('validation.amount') : undefined}
          {...register('value.minimumClaim', num)}
        />
      </div>
      <CheckField label={t('invite.requireInviteePlay')} {...register('value.requireInviteePlay')} />
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
