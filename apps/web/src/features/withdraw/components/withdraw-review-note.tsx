import type { TWithdrawReview } from '@krapao/contracts/withdraw';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

type WithdrawReviewNoteProps = { review: TWithdrawReview | undefined; amount: string };

/**
 * Before sending (decision 055): deposits not yet played through, or an amount above what is paid
 * at once now, mean the withdrawal waits for review by the staff.
 */
export function WithdrawReviewNote({ review, amount }: WithdrawReviewNoteProps) {
  const { t } = useTranslation('withdraw');
  if (!review) return null;
  const typed = Number(amount.trim());
  const text =
    review.turnoverLeft > 0
      ? t('reviewTurnover', { amount: formatNumber(review.turnoverLeft) })
      : amount.trim() !== '' && Number.isFinite(typed) && typed > review.autoApproveUpTo
        ? t('reviewAmount')
        : null;
  if (!text) return null;
  return (
    <p
      role="status"
      data-testid="withdraw-review-note"
      className="rounded-xl bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
    >
      {text}
    </p>
  );
}
