import type { TOpsBonus } from '@krapao/contracts/ops/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useBonuses } from '../api/list-bonuses';
import { BonusDialog } from './bonus-dialog';

const number = (n: number, language: string) => n.toLocaleString(language === 'th' ? 'th-TH' : 'en-US');

/** Every deposit bonus, switched off ones too; a new one or a change opens the bonus dialog. */
export function BonusesSection() {
  const { t, i18n } = useTranslation('promotions');
  const list = useBonuses();
  const [editing, setEditing] = useState<TOpsBonus | 'new' | null>(null);
  const items = list.data?.items ?? [];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="bonuses-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="bonuses-title" className="text-lg font-semibold text-slate-900">
          {t('bonus.title')}
        </h2>
        <Button small onClick={() => setEditing('new')}>
          {t('bonus.create')}
        </Button>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="p-2">{t('bonus.name')}</th>
                <th className="p-2">{t('bonus.type')}</th>
                <th className="p-2 text-right">{t('bonus.percent')}</th>
                <th className="p-2 text-right">{t('bonus.maxBonus')}</th>
                <th className="p-2 text-right">{t('turnover')}</th>
                <th className="p-2">{t('status')}</th>
                <th className="p-2">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((b) => (
                <tr key={b.code} data-testid={`bonus-row-${b.code}`}>
                  <td className="p-2">
                    <div className="font-medium text-slate-900">{b.name}</div>
                    <div className="text-xs text-slate-500">{b.code}</div>
                  </td>
                  <td className="p-2">{t(`bonus.typeSummary.${b.type}`, { count: b.maxReceived })}</td>
                  <td className="p-2 text-right">{b.percent}%</td>
                  <td className="p-2 text-right whitespace-nowrap">
                    {number(b.maxBonus, i18n.language)} {b.currency}
                  </td>
                  <td className="p-2 text-right">×{b.turnover}</td>
                  <td className="p-2">{b.isActive ? t('on') : t('off')}</td>
                  <td className="p-2 text-right">
                    <Button variant="secondary" small onClick={() => setEditing(b)}>
                      {t('edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? <BonusDialog bonus={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
