// The registration sources ("where did you hear of us", step 3 of the member's registration): a
// code and a text in Thai, Lao and English each (Thai required), in the order members see them. A
// saved source keeps its code; one a member registered with cannot be removed.
import { SOURCES_MAX, type TContentPage } from '@krapao/contracts/ops/content';
import { type FieldError, type FieldValues, get, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { LocalizedFields } from './content-fields';

type SourcesFieldsProps = { form: UseFormReturn<FieldValues>; page: Pick<TContentPage, 'sources' | 'sourcesInUse'> };

export function SourcesFields({ form, page }: SourcesFieldsProps) {
  const { t } = useTranslation('content');
  const items = useFieldArray({ control: form.control, name: 'value' });
  const { errors } = form.formState;
  const saved = new Set(page.sources.map((s) => s.code));
  const inUse = new Set(page.sourcesInUse);
  const codeError = (i: number) => {
    const error: FieldError | undefined = get(errors, `value.${i}.code`);
    if (!error) return undefined;
    return error.type === 'custom' ? t('sources.duplicate') : t('sources.codeInvalid');
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t('sources.intro')}</p>
      {items.fields.map((field, i) => {
        // A row read from the server keeps its code (the field array's initial value); a new row has none.
        const code = (field as { code?: string }).code ?? '';
        const isSaved = saved.has(code);
        const used = isSaved && inUse.has(code);
        return (
          <fieldset
            key={field.id}
            className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
            data-testid="source-item"
          >
            <legend className="px-1 text-sm font-medium text-slate-700">{t('sources.item', { n: i + 1 })}</legend>
            <TextField
              label={t('sources.code')}
              hint={isSaved ? t('sources.codeFixed') : t('sources.codeHint')}
              readOnly={isSaved}
              error={codeError(i)}
              {...form.register(`value.${i}.code`, {
                setValueAs: (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
              })}
            />
            <LocalizedFields
              name={`value.${i}.description`}
              label={t('sources.description')}
              register={form.register}
              errors={errors}
              rows={1}
            />
            <div className="flex flex-wrap items-center justify-end gap-2">
              {used ? <span className="text-xs text-slate-500">{t('sources.inUse')}</span> : null}
              <Button variant="ghost" small disabled={i === 0} onClick={() => items.move(i, i - 1)}>
                {t('sources.up', { n: i + 1 })}
              </Button>
              <Button
                variant="ghost"
                small
                disabled={i === items.fields.length - 1}
                onClick={() => items.move(i, i + 1)}
              >
                {t('sources.down', { n: i + 1 })}
              </Button>
              <Button variant="ghost" small disabled={used || items.fields.length <= 1} onClick={() => items.remove(i)}>
                {t('sources.remove', { n: i + 1 })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button
          variant="secondary"
          small
          disabled={items.fields.length >= SOURCES_MAX}
          onClick={() => items.append({ code: '', description: { th: '', la: '', en: '' } })}
        >
          {t('sources.add')}
        </Button>
      </div>
    </div>
  );
}
