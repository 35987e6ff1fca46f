import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { type ReportQuery, useProtectionReport } from '../api/get-protection-report';

/** A picked day (YYYY-MM-DD, the console's own time zone) as the instant it starts, `plusDays` later. */
export function dayStart(day: string, plusDays = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

const COUNTS = ['depositRefused', 'depositPassed', 'lossRefused'] as const;

/** Members who hit a deposit or loss limit in a range (the last 7 days unless chosen), and exclusions now. */
export function ProtectionReport() {
  const { t, i18n } = useTranslation('protection');
  const [range, setRange] = useState({ from: '', to: '' });
  const [query, setQuery] = useState<ReportQuery>({ page: 1 });
  const report = useProtectionReport(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ from: dayStart(range.from), to: dayStart(range.to, 1), page: 1 });
  };
  const data = report.data;
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('report.title')}</h1>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          type="date"
          label={t('report.from')}
          value={range.from}
          onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
        />
        <TextField
          type="date"
          label={t('report.to')}
          value={range.to}
          onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
        />
        <Button type="submit">{t('report.show')}</Button>
      </form>
      {report.isPending ? <Loading /> : null}
      {report.isError ? <Alert>{errorText(t, report.error)}</Alert> : null}
      {data ? (
        <>
          <p className="text-sm text-slate-700" data-testid="protection-report-summary">
            {t('report.range', { from: date(data.from), to: date(data.to) })}{' '}
            {t('report.excludedNow', {
              timeout: data.currentExclusions.timeout,
              selfExclusion: data.currentExclusions.selfExclusion,
            })}
          </p>
          {data.items.length === 0 ? <p className="text-sm text-slate-600">{t('report.none')}</p> : null}
          {data.items.length > 0 ? (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full min-w-[640px] text-left text-sm">
                <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                  <tr>
                    {['member', 'name', ...COUNTS, 'lastAt'].map((c) => (
                      <th key={c} className="px-3 py-2 font-medium">
                        {t(`report.column.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((r) => (
                    <tr key={r.memberId} className="border-t border-slate-100" data-testid="protection-report-row">
                      <td className="px-3 py-2">
                        <Link to={`/members/${r.memberId}`} className="font-medium text-teal-800 underline">
                          {r.username}
                        </Link>
                      </td>
                      <td className="px-3 py-2">{r.name}</td>
                      {COUNTS.map((c) => (
                        <td key={c} className="px-3 py-2">
                          {r[c]}
                        </td>
                      ))}
                      <td className="px-3 py-2">{date(r.lastAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {query.page > 1 || data.hasMore ? (
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                disabled={query.page <= 1}
                onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                {t('report.previous')}
              </Button>
              <Button
                variant="secondary"
                disabled={!data.hasMore}
                onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                {t('report.next')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
