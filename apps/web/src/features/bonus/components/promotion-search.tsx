import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useFindPromotion } from '../api/find-promotion';
import { promotionCode, searchableCode } from '../lib/promotion-code';
import { PromotionFound } from './promotion-found';
import type { ActivationResult } from './result-dialog';

/** The promotion code field (spec §2, §5): upper case while typing, required, then find and activate. */
export function PromotionSearch({ onResult }: { onResult: (result: ActivationResult) => void }) {
  const { t } = useTranslation('bonus');
  const find = useFindPromotion();
  const [code, setCode] = useState('');
  const [required, setRequired] = useState(false);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const wanted = searchableCode(code);
    setRequired(wanted === '');
    if (wanted === '' || find.isPending) return;
    find.mutate(wanted);
  };

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
            value={code}
            onChange={(event) => setCode(promotionCode(event.target.value))}
            error={required ? t('promotion.required') : undefined}
            className="uppercase"
            testId="promotion-code"
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
