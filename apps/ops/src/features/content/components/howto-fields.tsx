// The five how-to videos of the member's /howto page: each one's title in Thai, Lao and English,
// its video address and its poster (uploaded like a banner). The order and the ids stay as they are.
import type { TContentPage } from '@krapao/contracts/ops/content';
import { Controller, type FieldValues, get, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { TextField } from '../../../components/ui/text-field';
import { LocalizedFields } from './content-fields';

type HowtoFieldsProps = { form: UseFormReturn<FieldValues>; tutorials: TContentPage['howto'] };

export function HowtoFields({ form, tutorials }: HowtoFieldsProps) {
  const { t } = useTranslation('content');
  const { errors } = form.formState;
  const videoError = (i: number) => (get(errors, `value.${i}.video`) ? t('howto.videoInvalid') : undefined);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t('howto.intro')}</p>
      {tutorials.map((tutorial, i) => (
        <div key={tutorial.id} className="flex flex-col gap-2 rounded-md bg-slate-50 p-3" data-testid="howto-item">
          <h3 className="text-sm font-semibold text-slate-800">{t('howto.item', { n: i + 1, id: tutorial.id })}</h3>
          <LocalizedFields
            name={`value.${i}.title`}
            label={t('howto.videoTitle')}
            register={form.register}
            errors={errors}
            rows={1}
          />
          <TextField
            label={t('howto.video')}
            hint={t('howto.videoHint')}
            error={videoError(i)}
            {...form.register(`value.${i}.video`)}
          />
          <Controller
            control={form.control}
            name={`value.${i}.poster`}
            render={({ field }) => (
              <ImageUpload
                label={t('howto.poster')}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={get(errors, `value.${i}.poster`) ? t('howto.posterInvalid') : undefined}
              />
            )}
          />
        </div>
      ))}
    </div>
  );
}
