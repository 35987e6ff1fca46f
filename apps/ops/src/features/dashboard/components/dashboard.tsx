// The dashboard of one currency: the week's charts, the queues and the outside parties' health.
import { CURRENCIES, type Currency } from '@krapao/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { useDashboard } from '../api/get-dashboard';
import { DayCharts } from './day-charts';
import { HealthTable } from './health-table';
import { QueueTiles } from './queue-tiles';

export function Dashboard() {
  const { t } = useTranslation('dashboard');
  const [currency, setCurrency] = useState<Currency>('BAHT');
  const query = useDashboard(currency);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="dashboard-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-title" className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        <fieldset className="flex gap-1" aria-label={t('currency.label')}>
          {CURRENCIES.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={c === currency}
              onClick={() => setCurrency(c)}
              className={`rounded-md border px-3 py-1 text-sm ${c === currency ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              {t(`currency.${c}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <Alert>{t('loadFailed')}</Alert> : null}
      {query.data ? (
        <>
          <DayCharts days={query.data.days} currency={query.data.currency} />
          <h3 className="text-sm font-semibold text-slate-900">{t('queue.title')}</h3>
          <QueueTiles queues={query.data.queues} now={query.data.generatedAt} />
          <HealthTable health={query.data.health} />
        </>
      ) : null}
    </section>
  );
}
