import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { pageCount } from '../../../lib/pager';
import { useStatement } from '../api/get-statement';
import { StatementRow } from './statement-row';

/** The member's movements, TABLE_PAGE_SIZE per page (docs/product.md §2.9). */
export function StatementList() {
  const { t } = useTranslation('statement');
  const [page, setPage] = useState(1);
  const { data, isSuccess } = useStatement(page);
  const statements = data?.statements ?? [];

  return (
    <Card className="flex flex-col gap-3">
      <ul data-testid="statement-list" aria-label={t('title')} aria-busy={!isSuccess}>
        {statements.map((entry) => (
          <StatementRow key={entry._id} entry={entry} />
        ))}
      </ul>
      {isSuccess && statements.length === 0 ? (
        <p data-testid="statement-empty" className="py-6 text-center text-sm text-white/55">
          {t('empty')}
        </p>
      ) : null}
      <Pager page={page} totalPages={pageCount(data?.total ?? 0, TABLE_PAGE_SIZE)} onChange={setPage} />
    </Card>
  );
}
