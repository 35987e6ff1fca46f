import { CURRENCIES } from '@krapao/contracts/constants';
import { type TOpsPromotionCodeCreate, ZOpsPromotionCodeCreate } from '@krapao/contracts/ops/promotions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useCreatePromotionCode } from '../api/create-promotion-code';

const BLANK: TOpsPromotionCodeCreate = {
  code: '',
  description: '',
  amount: 100,
  turnover: 2,
  percentFail: 20,
  maxUses: 100,
  currency: 'BAHT',
  startsAt: null,
  endsAt: null,
  reason: '',
};

/** `datetime-local` text (the browser's time zone) as an ISO instant; empty is no date. */
const toInstant = (local: unknown) => (typeof local === 'string' && local ? new Date(local).toISOString() : null);
/** An empty number field is no limit. */
const toLimit = (value: unknown) => (value === '' || value === null ? null : Number(value));

export function PromotionCodeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const create = useCreatePromotionCode();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZOpsPromotionCodeCreate),
    defaultValues: BLANK,
  });
  const { errors } = formState;
  const invalid = (error: unknown, key: string) => (error ? t(`validation.${key}`) : undefined);
  const num = { valueAsNumber: true } as const;
  const submit = handleSubmit((values) => create.mutate(values, { onSuccess: onClose }));

  return (
    <Dialog title={t('code.create')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('code.code')} error={invalid(errors.code, 'code')} {...register('code')} />
          <SelectField
            label={t('currency')}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            {...register('currency')}
          />
        </div>
        <TextField
          label={t('code.description')}
          error={invalid(errors.description, 'required')}
          {...register('description')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('code.amount')}
            type="number"
            step="0.01"
            error={invalid(errors.amount, 'positive')}
            {...register('amount', num)}
          />
          <TextField
            label={t('code.maxUses')}
            type="number"
            hint={t('code.maxUsesHint')}
            error={invalid(errors.maxUses, 'uses')}
            {...register('maxUses', { setValueAs: toLimit })}
          />
          <TextField
            label={t('turnover')}
            type="number"
            error={invalid(errors.turnover, 'turnover')}
            {...register('turnover', num)}
          />
          <TextField
            label={t('percentFail')}
            type="number"
            error={invalid(errors.percentFail, 'percentFail')}
            {...register('percentFail', num)}
          />
          <TextField
            label={t('code.startsAt')}
            type="datetime-local"
            {...register('startsAt', { setValueAs: toInstant })}
          />
          <TextField
            label={t('code.endsAt')}
            type="datetime-local"
            error={invalid(errors.endsAt, 'endsAt')}
            {...register('endsAt', { setValueAs: toInstant })}
          />
        </div>
        <TextField label={t('reasonOptional')} error={invalid(errors.reason, 'reason')} {...register('reason')} />
        {create.isError ? <Alert>{errorText(t, create.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {t('code.createSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
