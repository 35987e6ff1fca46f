import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { type AuditFilters, useAuditPages } from '../api/get-audit';
import { AuditFiltersForm } from './audit-filters';
import { AuditRow } from './audit-row';

/** The trail, newest first, filtered; older entries load on request. */
export function AuditTrail({ filters, onFilters }: { filters: AuditFilters; onFilters: (next: AuditFilters) => void }) {
  const { t } = useTranslation();
  const pages = useAuditPages(filters);
  const entries = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('nav.audit')}</h1>
      <AuditFiltersForm key={JSON.stringify(filters)} value={filters} onApply={onFilters} />
      {pages.isPending ? <Loading /> : null}
      {pages.isError ? <Alert>{errorText(t, pages.error)}</Alert> : null}
      {pages.isSuccess && entries.length === 0 ? <p className="text-sm text-slate-500">{t('audit.empty')}</p> : null}
      {entries.length > 0 ? (
        <ul className="rounded-lg border border-slate-200 bg-white">
          {entries.map((entry) => (
            <AuditRow key={entry.seq} entry={entry} />
          ))}
        </ul>
      ) : null}
      {pages.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('audit.older')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
