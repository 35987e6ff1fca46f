import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { Pager } from '../../../components/ui/pager';
import { pageCount } from '../../../lib/pager';
import { useSlips } from '../api/get-slips';
import { SlipRow } from './slip-row';

type SlipStatusModalProps = { open: boolean; onClose: () => void };

/** The uploaded-slip status table (spec §2, §4): TABLE_PAGE_SIZE a page, a refresh link. */
export function SlipStatusModal({ open, onClose }: SlipStatusModalProps) {
  const { t } = useTranslation('statement');
  return (
    <Modal open={open} onClose={onClose} title={t('slip.title')} testId="slip-modal" size="lg">
      <SlipTable />
    </Modal>
  );
}

const HEAD = 'pb-2 pr-2 font-medium text-white/50';

/** Mounted on each opening, so the list loads fresh; load failures stay silent (spec §8). */
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
      <div className="overflow-x-auto">
        <table className="w-full text-xs" aria-busy={!isSuccess}>
          <thead>
            <tr className="border-b border-white/10">
              <th scope="col" className={`${HEAD} text-left`}>
                {t('slip.date')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                {t('slip.amount')}
              </th>
              <th scope="col" className={`${HEAD} text-left`}>
                {t('slip.status')}
              </th>
              <th scope="col" className={`${HEAD} text-left`}>
                {t('slip.reason')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                <span className="sr-only">{t('slip.viewImage')}</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="slip-list">
            {slips.map((slip) => (
              // A refused duplicate can carry the reference of the slip it repeats.
              <SlipRow key={`${slip.reference}-${slip.createdAt}`} slip={slip} />
            ))}
          </tbody>
        </table>
      </div>
      {isSuccess && slips.length === 0 ? (
        <p data-testid="slip-empty" className="py-4 text-center text-sm text-white/55">
          {t('slip.empty')}
        </p>
      ) : null}
      <Pager
        page={page}
        totalPages={pageCount(data?.total ?? 0, TABLE_PAGE_SIZE)}
        onChange={setPage}
        testId="slip-pager"
      />
    </div>
  );
}
