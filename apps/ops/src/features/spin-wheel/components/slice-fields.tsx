import { SPIN_PRIZE_TYPES } from '@krapao/contracts/ops/spin-wheel';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { WheelForm } from '../lib/wheel-form';

type Props = { form: UseFormReturn<WheelForm>; index: number; onRemove?: () => void };

/** One slice of the wheel: code, label, colours, odds and prize. */
export function SliceFields({ form, index, onRemove }: Props) {
  const { t } = useTranslation('spin-wheel');
  const { register, formState } = form;
  const errors = formState.errors.slices?.[index];
  const name = <K extends keyof WheelForm['slices'][number]>(key: K) => `slices.${index}.${key}` as const;
  return (
    <fieldset
      className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3 md:grid-cols-4"
      data-testid="slice"
    >
      <legend className="px-1 text-sm font-medium text-slate-700">{t('slice', { n: index + 1 })}</legend>
      <TextField label={t('code')} error={errors?.code ? t('codeInvalid') : undefined} {...register(name('code'))} />
      <TextField
        label={t('label')}
        error={errors?.label ? t('labelInvalid') : undefined}
        {...register(name('label'))}
      />
      <TextField label={t('bgColor')} type="color" {...register(name('bgColor'))} />
      <TextField label={t('textColor')} type="color" {...register(name('textColor'))} />
      <TextField
        label={t('odds')}
        type="number"
        step="0.01"
        error={errors?.odds ? t('oddsInvalid') : undefined}
        {...register(name('odds'), { valueAsNumber: true })}
      />
      <SelectField
        label={t('prizeType')}
        options={SPIN_PRIZE_TYPES.map((type) => ({ value: type, label: t(`prize.${type}`) }))}
        {...register(name('prizeType'))}
      />
      <TextField
        label={t('prizeAmount')}
        type="number"
        step="0.01"
        error={errors?.prizeAmount ? t('amountInvalid') : undefined}
        {...register(name('prizeAmount'), { valueAsNumber: true })}
      />
      <TextField label={t('prizeName')} {...register(name('prizeName'))} />
      <div className="col-span-2 md:col-span-4">
        <TextField label={t('htmlDescription')} {...register(name('htmlDescription'))} />
      </div>
      {onRemove ? (
        <Button variant="ghost" small onClick={onRemove}>
          {t('remove')}
        </Button>
      ) : null}
    </fieldset>
  );
}
