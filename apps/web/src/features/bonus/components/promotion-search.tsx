import { zodResolver } from '@hookform/resolvers/zod';
import { ZCodeParams } from '@krapao/contracts/bonus';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useFindPromotion } from '../api/find-promotion';
import { promotionCode, searchableCode } from '../lib/promotion-code';
import { PromotionFound } from './promotion-found';
import type { ActivationResult } from './result-dialog';

/** The code as the routes take it (ZCodeParams), from the field's text in upper case. */
const searchSchema = z.object({ code: z.string().transform(searchableCode).pipe(ZCodeParams.shape.code) });

/** The promotion code field (docs/product.md §2.8): upper case while typing, required, then find and activate. */
export function PromotionSearch({ onResult }: { onResult: (result: ActivationResult) => void }) {
  const { t } = useTranslation('bonus');
  const find = useFindPromotion();
  const form = useForm({
    resolver: zodResolver(searchSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const field = form.register('code');

  const onSearch = form.handleSubmit(({ code }) => {
    if (!find.isPending) find.mutate(code);
  });

  return (
    <Card className="flex flex-col gap-3">
      <form onSubmit={onSearch} noValidate className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t('promotion.label')}
            placeholder={t('promotion.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            error={form.formState.errors.code ? t('promotion.required') : undefined}
            className="uppercase"
            testId="promotion-code"
            {...field}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              event.target.value = promotionCode(event.target.value);
              return field.onChange(event);
            }}
          />
        </div>
        <Button type="submit" disabled={find.isPending} data-testid="promotion-search" className="shrink-0">
          {t('promotion.search')}
        </Button>
      </form>
      {find.isPending ? (
        <p data-testid="promotion-searching" role="status" className="text-sm text-white/70">
          {t('promotion.searching')}
        </p>
      ) : null}
      {find.isSuccess && !find.data ? (
        <p data-testid="promotion-not-found" role="status" className="text-sm text-rose-300">
          {t('promotion.notFound')}
        </p>
      ) : null}
      {find.isError ? (
        <p data-testid="promotion-error" role="alert" className="text-sm text-rose-300">
          {errorText(t, find.error)}
        </p>
      ) : null}
      {find.isSuccess && find.data ? (
        <PromotionFound promotion={find.data} code={find.variables} onResult={onResult} />
      ) : null}
    </Card>
  );
}
