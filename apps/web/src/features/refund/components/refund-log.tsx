import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { formatDate, formatNumber } from '../../../lib/format';
import { pageCount } from '../../../lib/pager';
import { useRefunds } from '../api/refund';

const HEAD = 'pb-2 pr-2 font-medium text-white/50';

/** The refund log (refundAmount, createdAt), TABLE_PAGE_SIZE a page; load failures stay silent (spec §8). */
export function RefundLog() {
  const { t } = useTranslation('refund');
  const [page, setPage] = useState(1);
  const { data, isSuccess } = useRefunds(page);
  const refunds = data?.refunds ?? [];

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gold-200">{t('log.title')}</h3>
      <table className="w-full text-xs" aria-busy={!isSuccess}>
        <thead>
          <tr className="border-b border-white/10">
            <th scope="col" className={`${HEAD} text-left`}>
              {t('log.date')}
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              {t('log.amount')}
            </th>
          </tr>
        </thead>
        <tbody data-testid="refund-list">
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
        </tbody>
      </table>
      {isSuccess && refunds.length === 0 ? (
        <p data-testid="refund-log-empty" className="py-4 text-center text-sm text-white/55">
          {t('log.empty')}
        </p>
      ) : null}
      <Pager
        page={page}
        totalPages={pageCount(data?.total ?? 0, TABLE_PAGE_SIZE)}
        onChange={setPage}
        testId="refund-pager"
      />
    </section>
  );
}
