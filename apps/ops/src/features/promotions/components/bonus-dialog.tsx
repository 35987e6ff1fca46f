import { BONUS_TYPES } from '@krapao/contracts/bonus';
import { CURRENCIES } from '@krapao/contracts/constants';
import { type TOpsBonus, type TOpsBonusCreate, ZOpsBonusCreate } from '@krapao/contracts/ops/promotions';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useSaveBonus } from '../api/save-bonus';
import { CheckField } from './check-field';

const BLANK: TOpsBonusCreate = {
  code: '',
  name: '',
  type: 'limit',
  maxReceived: 1,
  percent: 10,
  maxBonus: 100,
  minDeposit: 100,
  turnover: 2,
  percentFail: 10,
  banners: [],
  currency: 'BAHT',
  isActive: true,
  sortOrder: 0,
  reason: '',
};

type Props = { bonus: TOpsBonus | null; onClose: () => void };

/** A new bonus, or the rules of `bonus` (its code and currency stay). */
export function BonusDialog({ bonus, onClose }: Props) {
  const { t } = useTranslation('promotions');
  const save = useSaveBonus(bonus?.code ?? null);
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(ZOpsBonusCreate),
    defaultValues: bonus ? { ...bonus, reason: '' } : BLANK,
  });
  const banners = useFieldArray({ control, name: 'banners' });
  const { errors } = formState;
  const invalid = (error: unknown, key: string) => (error ? t(`validation.${key}`) : undefined);
  const num = { valueAsNumber: true } as const;
  const submit = handleSubmit((values) => save.mutate(values, { onSuccess: onClose }));

  return (
    <Dialog title={bonus ? t('bonus.edit', { code: bonus.code }) : t('bonus.create')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        {bonus ? null : (
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('bonus.code')} error={invalid(errors.code, 'code')} {...register('code')} />
            <SelectField
              label={t('currency')}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              {...register('currency')}
            />
          </div>
        )}
        <TextField label={t('bonus.name')} error={invalid(errors.name, 'required')} {...register('name')} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t('bonus.type')}
            options={BONUS_TYPES.map((type) => ({ value: type, label: t(`bonus.types.${type}`) }))}
            {...register('type')}
          />
          <TextField
            label={t('bonus.maxReceived')}
            type="number"
            error={invalid(errors.maxReceived, 'count')}
            {...register('maxReceived', num)}
          />
          <TextField
            label={t('bonus.percent')}
            type="number"
            error={invalid(errors.percent, 'percent')}
            {...register('percent', num)}
          />
          <TextField
            label={t('bonus.maxBonus')}
            type="number"
            step="0.01"
            error={invalid(errors.maxBonus, 'positive')}
            {...register('maxBonus', num)}
          />
          <TextField
            label={t('bonus.minDeposit')}
            type="number"
            step="0.01"
            error={invalid(errors.minDeposit, 'amount')}
            {...register('minDeposit', num)}
          />
          <TextField
            label={t('turnover')}
            type="number"
            hint={t('turnoverHint')}
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
            label={t('bonus.sortOrder')}
            type="number"
            error={invalid(errors.sortOrder, 'count')}
            {...register('sortOrder', num)}
          />
        </div>
        <CheckField label={t('bonus.isActive')} {...register('isActive')} />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-700">{t('bonus.banners')}</legend>
          {banners.fields.map((field, i) => (
            <div key={field.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-2">
              <Controller
                control={control}
                name={`banners.${i}.image`}
                render={({ field: image }) => (
                  <ImageUpload
                    label={t('bonus.bannerImage')}
                    value={image.value}
                    onChange={image.onChange}
                    error={invalid(errors.banners?.[i]?.image, 'url')}
                  />
                )}
              />
              <TextField label={t('bonus.bannerHtml')} {...register(`banners.${i}.html`)} />
              <Button variant="ghost" small onClick={() => banners.remove(i)}>
                {t('bonus.removeBanner')}
              </Button>
            </div>
          ))}
          <Button variant="secondary" small onClick={() => banners.append({ image: '', html: '' })}>
            {t('bonus.addBanner')}
          </Button>
        </fieldset>
        <TextField label={t('reasonOptional')} error={invalid(errors.reason, 'reason')} {...register('reason')} />
        {save.isError ? <Alert>{errorText(t, save.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
