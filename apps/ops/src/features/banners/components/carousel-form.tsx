// One carousel (the invite or the cashback screen's) as a form: its banners in the order members
// see them (add with an uploaded image, move up or down, remove), the reason, and save. The list
// is checked with the same schema the server uses and saved whole.
import {
  CAROUSEL_MAX_BANNERS,
  type Carousel,
  type TCarouselsPage,
  ZCarouselChange,
} from '@krapao/contracts/ops/banners';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { LastChange } from '../../../components/last-change';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useChangeCarousel } from '../api/carousels';

export function CarouselForm({ carousel, page }: { carousel: Carousel; page: TCarouselsPage }) {
  const { t } = useTranslation('banners');
  const change = useChangeCarousel(carousel);
  const { control, register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZCarouselChange),
    defaultValues: { value: page[carousel], reason: '' },
  });
  const banners = useFieldArray({ control, name: 'value' });
  const errors = formState.errors;
  const submit = handleSubmit((body) =>
    change.mutate(body, { onSuccess: (next) => reset({ value: next[carousel], reason: '' }) }),
  );
  const full = banners.fields.length >= CAROUSEL_MAX_BANNERS;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(`${carousel}.title`)}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-900">{t(`${carousel}.title`)}</h3>
      <LastChange ns="promotions" change={page.changes[carousel]} />
      {banners.fields.length === 0 ? <p className="text-sm text-slate-500">{t('empty')}</p> : null}
      <ol className="flex flex-col gap-3">
        {banners.fields.map((field, i) => (
          <li key={field.id} className="flex flex-col gap-2 rounded border border-slate-200 p-3">
            <Controller
              control={control}
              name={`value.${i}.image`}
              render={({ field: image }) => (
                <ImageUpload
                  label={t('image', { n: i + 1 })}
                  value={image.value}
                  onChange={image.onChange}
                  error={errors.value?.[i]?.image ? t('imageInvalid') : undefined}
                />
              )}
            />
            <TextField label={t('html')} {...register(`value.${i}.html`)} />
            <div className="flex gap-2">
              <Button variant="ghost" small disabled={i === 0} onClick={() => banners.move(i, i - 1)}>
                {t('moveUp')}
              </Button>
              <Button
                variant="ghost"
                small
                disabled={i === banners.fields.length - 1}
                onClick={() => banners.move(i, i + 1)}
              >
                {t('moveDown')}
              </Button>
              <Button variant="ghost" small onClick={() => banners.remove(i)}>
                {t('remove')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {errors.value?.root || errors.value?.message ? (
        <Alert>{t('tooMany', { max: CAROUSEL_MAX_BANNERS })}</Alert>
      ) : null}
      <div>
        <Button variant="secondary" small disabled={full} onClick={() => banners.append({ image: '', html: '' })}>
          {t('add')}
        </Button>
      </div>
      <TextField label={t('reason')} error={errors.reason ? t('reasonRequired') : undefined} {...register('reason')} />
      {change.error ? <Alert>{errorText(t, change.error)}</Alert> : null}
      {change.isSuccess && !formState.isDirty ? <Alert tone="success">{t('saved')}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
