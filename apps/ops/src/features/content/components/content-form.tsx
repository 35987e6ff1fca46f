// One section of the content page as a form: its fields, the reason the audit trail keeps, who
// changed it last, and save. The value is checked with the same schema the server uses.
import { type ContentSection, contentChangeOf, type TContentPage } from '@krapao/contracts/ops/content';
import type { ReactNode } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { formatDateTime } from '../../../lib/format';
import { useChangeContent } from '../api/change-content';

type ContentFormProps = {
  setting: ContentSection;
  page: TContentPage;
  value: unknown;
  children: (form: UseFormReturn<FieldValues>) => ReactNode;
};

export function ContentForm({ setting, page, value, children }: ContentFormProps) {
  const { t, i18n } = useTranslation('content');
  const mutation = useChangeContent();
  const form = useForm<FieldValues>({
    resolver: zodResolver(contentChangeOf(setting) as unknown as z.ZodType<FieldValues, FieldValues>),
    defaultValues: { value, reason: '' },
  });
  const submit = form.handleSubmit((body) =>
    mutation.mutate(
      { key: setting, value: body.value, reason: body.reason },
      { onSuccess: (next) => form.reset({ value: next[setting], reason: '' }) },
    ),
  );
  const last = page.lastChanges[setting];
  return (
    <section aria-labelledby={`content-${setting}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`content-${setting}`} className="text-base font-semibold text-slate-900">
        {t(`${setting}.title`)}
      </h2>
      <p className="mb-3 text-xs text-slate-500" data-testid="last-change">
        {last
          ? t('lastChange', { name: last.staffName ?? '—', at: formatDateTime(last.at, i18n.language) })
          : t('neverChanged')}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        {children(form)}
        <TextField
          label={t('reason')}
          error={form.formState.errors.reason ? t('reasonRequired') : undefined}
          {...form.register('reason')}
        />
        {mutation.error ? <Alert>{errorText(t, mutation.error)}</Alert> : null}
        {mutation.isSuccess && !form.formState.isDirty ? <Alert tone="success">{t('saved')}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={mutation.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
