import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { PagedTable } from '../../../components/ui/paged-table';
import { useSlips } from '../api/get-slips';
import { SlipRow } from './slip-row';

type SlipStatusModalProps = { open: boolean; onClose: () => void };

/** The uploaded-slip status table (docs/product.md §2.9): TABLE_PAGE_SIZE a page, a refresh link. */
export function SlipStatusModal({ open, onClose }: SlipStatusModalProps) {
  const { t } = useTranslation('statement');
  return (
    <Modal open={open} onClose={onClose} title={t('slip.title')} testId="slip-modal" size="lg">
      <SlipTable />
    </Modal>
  );
}

/** Mounted on each opening, so the list loads fresh; load failures stay silent. */
function SlipTable() {
  const { t } = useTranslation('statement');
  const [page, setPage] = useState(1);
  const { data, isSuccess, isFetching, refetch } = useSlips(page);
  const slips = data?.slips ?? [];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          data-testid="slip-refresh"
          className="text-sm text-gold-300 underline underline-offset-2 hover:text-gold-200 disabled:opacity-50"
        >
          {t('slip.refresh')}
        </button>
      </div>
      <PagedTable
        columns={[
          { label: t('slip.date') },
          { label: t('slip.amount'), align: 'right' },
          { label: t('slip.status') },
          { label: t('slip.reason') },
          { label: t('slip.viewImage'), align: 'right', srOnly: true },
        ]}
        loaded={isSuccess}
        isEmpty={slips.length === 0}
        emptyText={t('slip.empty')}
        page={page}
        total={data?.total ?? 0}
        onPageChange={setPage}
        testId="slip"
      >
        {slips.map((slip) => (
          // A refused duplicate can carry the reference of the slip it repeats.
          <SlipRow key={`${slip.reference}-${slip.createdAt}`} slip={slip} />
        ))}
      </PagedTable>
    </div>
  );
}
