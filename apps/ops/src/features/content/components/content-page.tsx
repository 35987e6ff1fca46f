// The texts members read from the lookups: site info, contact, the bonus notice, conditions and
// agreements, the how-to videos and the registration sources. Each is saved on its own with a
// reason; Lao and English fall back to Thai when empty.
import type { TContentPage } from '@krapao/contracts/ops/content';
import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useContentPage } from '../api/content-page';
import { LocalizedFields, useFieldError } from './content-fields';
import { ContentForm } from './content-form';
import { HowtoFields } from './howto-fields';
import { ItemsFields } from './items-fields';
import { SourcesFields } from './sources-fields';

function Sections({ page }: { page: TContentPage }) {
  const { t } = useTranslation('content');
  const errorOf = useFieldError();
  return (
    <>
      <ContentForm setting="contact" page={page} value={page.contact}>
        {({ register, control, formState: { errors } }) => (
          <>
            <LocalizedFields name="value.contactText" label={t('contact.text')} register={register} errors={errors} />
            <TextField
              label={t('contact.lineLink')}
              hint={t('contact.lineLinkHint')}
              error={errorOf(get(errors, 'value.lineLink'))}
              {...register('value.lineLink')}
            />
            <TextField
              label={t('contact.lineName')}
              error={errorOf(get(errors, 'value.lineName'))}
              {...register('value.lineName')}
            />
            <Controller
              control={control}
              name="value.lineQR"
              render={({ field }) => (
                <ImageUpload
                  label={t('contact.lineQR')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={errorOf(get(errors, 'value.lineQR'))}
                />
              )}
            />
          </>
        )}
      </ContentForm>
      <ContentForm setting="notice" page={page} value={page.notice}>
        {({ register, formState: { errors } }) => (
          <LocalizedFields name="value" label={t('notice.text')} register={register} errors={errors} />
        )}
      </ContentForm>
      <ContentForm setting="conditions" page={page} value={page.conditions}>
        {(form) => <ItemsFields form={form} />}
      </ContentForm>
      <ContentForm setting="agreements" page={page} value={page.agreements}>
        {(form) => <ItemsFields form={form} />}
      </ContentForm>
      <ContentForm setting="howto" page={page} value={page.howto}>
        {(form) => <HowtoFields form={form} tutorials={page.howto} />}
      </ContentForm>
      <ContentForm setting="sources" page={page} value={page.sources}>
        {(form) => <SourcesFields form={form} page={page} />}
      </ContentForm>
      <ContentForm setting="info" page={page} value={page.info}>
        {({ register, formState: { errors } }) => (
          <>
            <TextField label={t('info.name')} error={errorOf(get(errors, 'value.name'))} {...register('value.name')} />
            <TextField
              label={t('info.website')}
              error={errorOf(get(errors, 'value.website'))}
              {...register('value.website')}
            />
          </>
        )}
      </ContentForm>
    </>
  );
}

export function ContentPage() {
  const { t } = useTranslation('content');
  const page = useContentPage();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {page.isPending ? <Loading /> : null}
      {page.isError ? <Alert>{errorText(t, page.error)}</Alert> : null}
      {page.data ? <Sections page={page.data} /> : null}
    </div>
  );
}
