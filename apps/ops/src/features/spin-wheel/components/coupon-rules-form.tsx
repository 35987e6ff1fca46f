// The condition a claimed spin coupon starts (the `couponRules` setting): the member's total must
// grow by `success` % before withdrawing, and the condition fails below `fail` % of its start.
import { type TCouponRules, ZCouponRules } from '@krapao/contracts/ops/settings';
import type { TSpinWheelPage } from '@krapao/contracts/ops/spin-wheel';
import { ZReason } from '@krapao/contracts/ops/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { formatDateTime } from '../../../lib/format';
import { useChangeCouponRules } from '../api/spin-wheel';

const ZRulesForm = ZCouponRules.extend({ reason: ZReason });
type RulesForm = z.infer<typeof ZRulesForm>;

type CouponRulesFormProps = { rules: TCouponRules; change: TSpinWheelPage['couponRulesChange'] };

export function CouponRulesForm({ rules, change }: CouponRulesFormProps) {
  const { t, i18n } = useTranslation('spin-wheel');
  const mutation = useChangeCouponRules();
  const form = useForm<RulesForm>({ resolver: zodResolver(ZRulesForm), defaultValues: { ...rules, reason: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ reason, ...value }) =>
    mutation.mutate({ value, reason }, { onSuccess: () => form.reset({ ...value, reason: '' }) }),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="coupon-rules"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t('couponRules.title')}</h2>
      <p className="text-sm text-slate-600">{t('couponRules.intro')}</p>
      <p className="text-xs text-slate-500" data-testid="coupon-rules-change">
        {change
          ? t('lastChange', { name: change.staffName || '—', at: formatDateTime(change.at, i18n.language) })
          : t('neverChanged')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('couponRules.success')}
          type="number"
          error={errors.success ? t('couponRules.percentInvalid') : undefined}
          {...form.register('success', { valueAsNumber: true })}
        />
        <TextField
          label={t('couponRules.fail')}
          type="number"
          error={errors.fail ? t('couponRules.percentInvalid') : undefined}
          {...form.register('fail', { valueAsNumber: true })}
        />
      </div>
      <TextField
        label={t('couponRules.reason')}
        error={errors.reason ? t('reasonRequired') : undefined}
        {...form.register('reason')}
      />
      {mutation.isError ? <Alert>{errorText(t, mutation.error)}</Alert> : null}
      {mutation.isSuccess ? <Alert tone="success">{t('couponRules.saved')}</Alert> : null}
      <Button type="submit" disabled={mutation.isPending}>
        {t('couponRules.save')}
      </Button>
    </form>
  );
}
