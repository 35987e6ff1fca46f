import { COUPON_PAGE_SIZE } from '@krapao/contracts/constants';
import type { TCoupon } from '@krapao/contracts/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { formatDate, formatNumber } from '../../../lib/format';
import { pageCount } from '../../../lib/pager';

type CouponTableProps = { coupons: readonly TCoupon[]; loaded: boolean; onClaim: (coupon: TCoupon) => void };

const HEAD = 'pb-2 pr-2 font-medium text-white/50';

/** The member's coupons, COUPON_PAGE_SIZE a page. */
export function CouponTable({ coupons, loaded, onClaim }: CouponTableProps) {
  const { t } = useTranslation('spin');
  const [page, setPage] = useState(1);
  const totalPages = pageCount(coupons.length, COUPON_PAGE_SIZE);
  // A claim can empty the last page: stay on the last one that exists.
  const current = Math.min(page, totalPages);
  const first = (current - 1) * COUPON_PAGE_SIZE;
  const rows = coupons.slice(first, first + COUPON_PAGE_SIZE);

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-xs" aria-busy={!loaded}>
          <thead>
            <tr className="border-b border-white/10">
              <th scope="col" className={`${HEAD} w-6 text-left`}>
                {t('coupons.index')}
              </th>
              <th scope="col" className={`${HEAD} text-left`}>
                {t('coupons.slice')}
              </th>
              <th scope="col" className={`${HEAD} text-left`}>
                {t('coupons.name')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                {t('coupons.amount')}
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                <span className="sr-only">{t('coupons.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="coupon-list">
            {rows.map((coupon, i) => (
              <tr key={coupon._id} data-testid="coupon-row" className="border-b border-white/5 align-middle">
                <td data-testid="coupon-index" className="py-2 pr-2 text-white/60">
                  {first + i + 1}
                </td>
                <td data-testid="coupon-slice" className="py-2 pr-2 font-semibold text-gold-200">
                  {coupon.prize.slice.label}
                </td>
                <td className="py-2 pr-2">
                  <span data-testid="coupon-name" className="block text-white/85">
                    {coupon.prize.name}
                  </span>
                  <span className="block text-[11px] text-white/45">
                    {t('coupons.expires', { date: formatDate(coupon.expiresAt) })}
                  </span>
                </td>
                <td data-testid="coupon-amount" className="py-2 pr-2 text-right tabular-nums text-white">
                  {formatNumber(coupon.amount)}
                </td>
                <td className="py-2 text-right">
                  <button
                    type="button"
                    data-testid="coupon-claim"
                    onClick={() => onClaim(coupon)}
                    className="rounded-lg bg-gold-400 px-3 py-1.5 text-xs font-semibold text-ink-950 hover:bg-gold-300"
                  >
                    {t('coupons.claim')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loaded && coupons.length === 0 ? (
        <p data-testid="coupon-empty" className="py-3 text-center text-sm text-white/55">
          {t('coupons.empty')}
        </p>
      ) : null}
      <Pager page={current} totalPages={totalPages} onChange={setPage} testId="coupon-pager" />
    </div>
  );
}
