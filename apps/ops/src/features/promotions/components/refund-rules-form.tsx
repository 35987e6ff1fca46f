import { type TOpsRefundSettings, ZOpsRefundRulesChange } from '@krapao/contracts/ops/promotions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useChangeRefundSettings } from '../api/refund-settings';
import { CheckField } from './check-field';

/** Cashback (`refundRules`): the share of net game losses, the condition, the period; with a reason. */
export function RefundRulesForm({ settings }: { settings: TOpsRefundSettings }) {
  const { t } = useTranslation('promotions');
  const change = useChangeRefundSettings();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZOpsRefundRulesChange),
    defaultValues: { value: settings.refundRules, reason: '' },
  });
  const errors = formState.errors.value;
  const num = { valueAsNumber: true } as const;
  const submit = handleSubmit((body) =>
    change.mutate(body, { onSuccess: (data) => reset({ value: data.refundRules, reason: '' }) }),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('refund.title')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-900">{t('refund.title')}</h3>
      <LastChange ns="promotions" change={settings.changes.refundRules} />
      <CheckField label={t('refund.isActive')} {...register('value.isActive')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('refund.percent')}
          type="number"
          step="0.01"
          hint={t('refund.percentHint')}
          error={errors?.percent ? t('validation.sharePercent') : undefined}
          {...register('value.percent', num)}
        />
        <SelectField
          label={t('refund.period')}
          options={(['day', 'week'] as const).map((p) => ({ value: p, label: t(`refund.periods.${p}`) }))}
          {...register('value.period')}
        />
        <TextField
          label={t('success')}
          type="number"
          hint={t('successHint')}
          error={errors?.success ? t('validation.success') : undefined}
          {...register('value.success', num)}
        />
        <TextField
          label={t('fail')}
          type="number"
          hint={t('failHint')}
          error={errors?.fail ? t('validation.percentFail') : undefined}
          {...register('value.fail', num)}
        />
        <TextField
          label={t('refund.minimum')}
          type="number"
          step="0.01"
          error={errors?.minimum ? t('validation.amount') : undefined}
          {...register('value.minimum', num)}
        />
      </div>
      <TextField label={t('refund.info')} {...register('value.info')} />
      <TextField
        label={t('reason')}
        error={formState.errors.reason ? t('validation.reason') : undefined}
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
