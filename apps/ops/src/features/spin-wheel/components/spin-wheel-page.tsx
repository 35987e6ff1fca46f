// The spin wheel page: the active wheel's slices and coin rate as one form, its preview beside it,
// and one save with the reason the audit trail keeps. Odds must add up to exactly 100 %.
import { ODDS_TOTAL } from '@krapao/contracts/ops/spin-wheel';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { formatDateTime } from '../../../lib/format';
import { useChangeSpinWheel, useSpinWheel } from '../api/spin-wheel';
import { changeOf, formOf, NEW_SLICE, oddsTotalOf, type WheelForm, ZWheelForm } from '../lib/wheel-form';
import { CouponRulesForm } from './coupon-rules-form';
import { SliceFields } from './slice-fields';
import { WheelPreview } from './wheel-preview';

export function SpinWheelPage() {
  const { t, i18n } = useTranslation('spin-wheel');
  const query = useSpinWheel();
  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert>{errorText(t, query.error)}</Alert>;
  const { wheel, lastChange, couponRules, couponRulesChange } = query.data;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-xs text-slate-500" data-testid="last-change">
        {lastChange
          ? t('lastChange', { name: lastChange.staffName || '—', at: formatDateTime(lastChange.at, i18n.language) })
          : t('neverChanged')}
      </p>
      {wheel ? <WheelEditor key={wheel.id} initial={formOf(wheel)} /> : <Alert>{t('noWheel')}</Alert>}
      <CouponRulesForm rules={couponRules} change={couponRulesChange} />
    </section>
  );
}

function WheelEditor({ initial }: { initial: WheelForm }) {
  const { t } = useTranslation('spin-wheel');
  const change = useChangeSpinWheel();
  const form = useForm<WheelForm>({ resolver: zodResolver(ZWheelForm), defaultValues: initial });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'slices' });
  const slices = useWatch({ control: form.control, name: 'slices' }) ?? [];
  const total = oddsTotalOf(slices);
  const { errors } = form.formState;
  const submit = form.handleSubmit((value) => change.mutate(changeOf(value)));

  return (
    <div className="flex flex-col gap-4 lg:flex-row">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-1 flex-col gap-3">
        <TextField
          label={t('coinPerBaht')}
          type="number"
          error={errors.coinPerBaht ? t('coinPerBahtInvalid') : undefined}
          {...form.register('coinPerBaht', { valueAsNumber: true })}
        />
        {fields.map((field, index) => (
          <SliceFields
            key={field.id}
            form={form}
            index={index}
            onRemove={fields.length > 2 ? () => remove(index) : undefined}
          />
        ))}
        {fields.length < 16 ? (
          <Button variant="secondary" small onClick={() => append({ ...NEW_SLICE })}>
            {t('addSlice')}
          </Button>
        ) : null}
        <p
          data-testid="odds-total"
          className={total === ODDS_TOTAL ? 'text-sm text-teal-800' : 'text-sm font-medium text-rose-700'}
        >
          {t('oddsTotal', { total: (total / 100).toFixed(2) })}
        </p>
        {errors.slices?.root || errors.slices?.message ? <Alert>{t('oddsMustTotal')}</Alert> : null}
        <TextField
          label={t('reason')}
          error={errors.reason ? t('reasonRequired') : undefined}
          {...form.register('reason')}
        />
        {change.isError ? <Alert>{errorText(t, change.error)}</Alert> : null}
        {change.isSuccess ? <Alert tone="success">{t('saved')}</Alert> : null}
        <Button type="submit" disabled={change.isPending}>
          {t('save')}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2">
        <h2 className="text-sm font-medium text-slate-700">{t('preview')}</h2>
        <WheelPreview slices={slices} title={t('preview')} />
      </div>
    </div>
  );
}
