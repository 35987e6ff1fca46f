import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { usePromotionCodes } from '../api/list-promotion-codes';
import { DisableCodeDialog } from './disable-code-dialog';
import { PromotionCodeDialog } from './promotion-code-dialog';

/** Every promotion code with its uses and dates; a new one, or one switched off with a reason. */
export function PromotionCodesSection() {
  const { t, i18n } = useTranslation('promotions');
  const list = usePromotionCodes();
  const [isCreating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <section className="flex flex-col gap-3" aria-labelledby="codes-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="codes-title" className="text-lg font-semibold text-slate-900">
          {t('code.title')}
        </h2>
        <Button small onClick={() => setCreating(true)}>
          {t('code.create')}
        </Button>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="p-2">{t('code.code')}</th>
                <th className="p-2 text-right">{t('code.amount')}</th>
                <th className="p-2 text-right">{t('code.uses')}</th>
                <th className="p-2">{t('code.dates')}</th>
                <th className="p-2">{t('status')}</th>
                <th className="p-2">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((p) => (
                <tr key={p.code} data-testid={`code-row-${p.code}`}>
                  <td className="p-2">
                    <div className="font-medium text-slate-900">{p.code}</div>
                    <div className="text-xs text-slate-500">{p.description}</div>
                  </td>
                  <td className="p-2 text-right whitespace-nowrap">
                    {p.amount.toLocaleString('en-US')} {p.currency}
                  </td>
                  <td className="p-2 text-right">
                    {p.maxUses === null ? p.uses : t('code.usesOf', { uses: p.uses, max: p.maxUses })}
                  </td>
                  <td className="p-2 text-xs text-slate-600">
                    {date(p.startsAt)} – {date(p.endsAt)}
                  </td>
                  <td className="p-2">{p.isActive ? t('on') : t('off')}</td>
                  <td className="p-2 text-right">
                    {p.isActive ? (
                      <Button variant="secondary" small onClick={() => setDisabling(p.code)}>
                        {t('code.disable')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {isCreating ? <PromotionCodeDialog onClose={() => setCreating(false)} /> : null}
      {disabling ? <DisableCodeDialog code={disabling} onClose={() => setDisabling(null)} /> : null}
    </section>
  );
}
