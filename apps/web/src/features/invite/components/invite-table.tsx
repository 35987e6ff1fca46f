import type { TInviteRow } from '@krapao/contracts/invite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { useInvites } from '../api/invite';

/** The invitees' earnings, TABLE_PAGE_SIZE a page; load failures stay silent. */
export function InviteTable() {
  const { t } = useTranslation('invite');
  const [page, setPage] = useState(1);
  const { data, isSuccess } = useInvites(page);
  const invites = data?.invites ?? [];

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gold-200">{t('table.title')}</h3>
      <PagedTable
        columns={[
          { label: t('table.name') },
          { label: t('table.amount'), align: 'right' },
          { label: t('table.date'), align: 'right' },
        ]}
        loaded={isSuccess}
        isEmpty={invites.length === 0}
        emptyText={t('table.empty')}
        page={page}
        total={data?.total ?? 0}
        onPageChange={setPage}
        testId="invite"
      >
        {invites.map((row, index) => (
          // Rows carry no id; one page is fixed while shown.
          // biome-ignore lint/suspicious/noArrayIndexKey: position within the page.
          <InviteRowView key={`${page}-${index}`} row={row} />
        ))}
      </PagedTable>
    </section>
  );
}

function InviteRowView({ row }: { row: TInviteRow }) {
  const [day, time] = formatDate(row.createdAt).split(' ');
  return (
    <tr data-testid="invite-row" className="border-b border-white/5 align-top last:border-0">
      <td data-testid="invite-name" className="py-2.5 pr-2 break-words text-white">
        {row.from.name}
      </td>
      <td data-testid="invite-amount" className="py-2.5 pr-2 text-right font-semibold whitespace-nowrap text-gold-200">
        {formatNumber(row.amount)}
      </td>
      <td data-testid="invite-date" className="py-2.5 text-right whitespace-nowrap text-white/70">
        {day}
        <br />
        {time}
      </td>
    </tr>
  );
}
