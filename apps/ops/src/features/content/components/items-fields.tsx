// The conditions or agreements: a list of HTML texts, each in Thai, Lao and English.
import { CONTENT_ITEMS_MAX } from '@krapao/contracts/ops/content';
import { type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LocalizedFields } from './content-fields';

export function ItemsFields({ form }: { form: UseFormReturn<FieldValues> }) {
  const { t } = useTranslation('content');
  const items = useFieldArray({ control: form.control, name: 'value' });
  return (
    <div className="flex flex-col gap-3">
      {items.fields.map((field, i) => (
        <div key={field.id} className="flex flex-col gap-1">
          <LocalizedFields
            name={`value.${i}`}
            label={t('item', { n: i + 1 })}
            register={form.register}
            errors={form.formState.errors}
            rows={4}
          />
          <div className="flex justify-end">
            <Button variant="ghost" small onClick={() => items.remove(i)}>
              {t('removeItem', { n: i + 1 })}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          small
          disabled={items.fields.length >= CONTENT_ITEMS_MAX}
          onClick={() => items.append({ th: '', la: '', en: '' })}
        >
          {t('addItem')}
        </Button>
      </div>
    </div>
  );
}
