import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRefunds } from '../api/refund';

/** The refund log (refundAmount, createdAt), TABLE_PAGE_SIZE a page; load failures stay silent. */
export function RefundLog() {
  const { t } = useTranslation('refund');
  const [page, setPage] = useState(1);
  const { data, isSuccess } = useRefunds(page);
  const refunds = data?.refunds ?? [];

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gold-200">{t('log.title')}</h3>
      <PagedTable
        columns={[{ label: t('log.date') }, { label: t('log.amount'), align: 'right' }]}
        loaded={isSuccess}
        isEmpty={refunds.length === 0}
        emptyText={t('log.empty')}
        page={page}
        total={data?.total ?? 0}
        onPageChange={setPage}
        testId="refund"
        emptyTestId="refund-log-empty"
      >
        {refunds.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: log rows carry no id; one page is fixed while shown.
          <tr key={`${page}-${index}`} data-testid="refund-row" className="border-b border-white/5 last:border-0">
            <td data-testid="refund-date" className="py-2.5 pr-2 whitespace-nowrap text-white/70">
              {formatDate(row.createdAt)}
            </td>
            <td data-testid="refund-row-amount" className="py-2.5 text-right font-semibold text-gold-200">
              {formatNumber(row.refundAmount)}
            </td>
          </tr>
        ))}
      </PagedTable>
    </section>
  );
}
