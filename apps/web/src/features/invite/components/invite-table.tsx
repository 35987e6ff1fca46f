import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import type { TInviteRow } from '@krapao/contracts/invite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { formatDate, formatNumber } from '../../../lib/format';
import { pageCount } from '../../../lib/pager';
import { useInvites } from '../api/invite';

const HEAD = 'pb-2 pr-2 font-medium text-white/50';

/** The invitees' earnings, TABLE_PAGE_SIZE a page (spec §2, §9); load failures stay silent (spec §8). */
export function InviteTable() {
  const { t } = useTranslation('invite');
  const [page, setPage] = useState(1);
  const { data, isSuccess } = useInvites(page);
  const invites = data?.invites ?? [];

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gold-200">{t('table.title')}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-xs" aria-busy={!isSuccess}>
          <thead>
            <tr className="border-b border-white/10">
              <th scope="col" className={`${HEAD} text-left`}>
                {t('table.name')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                {t('table.amount')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                {t('table.date')}
              </th>
            </tr>
          </thead>
          <tbody data-testid="invite-list">
            {invites.map((row, index) => (
              // Rows carry no id; one page is fixed while shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: position within the page.
              <InviteRowView key={`${page}-${index}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {isSuccess && invites.length === 0 ? (
        <p data-testid="invite-empty" className="py-4 text-center text-sm text-white/55">
          {t('table.empty')}
        </p>
      ) : null}
      <Pager
        page={page}
        totalPages={pageCount(data?.total ?? 0, TABLE_PAGE_SIZE)}
        onChange={setPage}
        testId="invite-pager"
      />
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
