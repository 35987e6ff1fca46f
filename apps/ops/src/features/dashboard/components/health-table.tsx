// The outside parties' health: the last failure and the timeouts per minute of the last 15 minutes.
import type { TPartyHealth } from '@krapao/contracts/ops/dashboard';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Sparkline } from './sparkline';

export function HealthTable({ health }: { health: TPartyHealth[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="health-table">
        <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">{t('health.title')}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('health.party')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('health.lastError')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('health.timeouts')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('health.errors')}
            </th>
          </tr>
        </thead>
        <tbody>
          {health.map((h) => (
            <tr key={h.party} className="border-t border-slate-100 align-top">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {t(`party.${h.party}`)}
              </th>
              <td className="px-3 py-2 text-slate-700">
                {h.lastErrorAt ? (
                  <>
                    <div>{formatDateTime(h.lastErrorAt, i18n.language)}</div>
                    <div className="break-all text-xs text-slate-500">{h.lastErrorMessage}</div>
                  </>
                ) : (
                  t('health.none')
                )}
              </td>
              <td className="px-3 py-2">
                <div className="flex items-center gap-2">
                  <span className={h.timeoutsPerMinute > 0 ? 'font-semibold text-red-700' : 'text-slate-700'}>
                    {h.timeoutsPerMinute.toFixed(1)}
                  </span>
                  <Sparkline values={h.timeouts} />
                </div>
              </td>
              <td className="px-3 py-2 text-slate-700">{h.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
