import type { TCoupon } from '@krapao/contracts/spin';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatNumber } from '../../../lib/format';

type ClaimModalProps = { coupon: TCoupon | null; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** The claim confirmation; the credit comes with a condition (decision 055). */
export function ClaimModal({ coupon, busy, onConfirm, onCancel }: ClaimModalProps) {
  const { t } = useTranslation('spin');
  return (
    <Modal
      open={coupon !== null}
      // While the claim is on its way the answer must be seen: the modal stays.
      onClose={busy ? () => {} : onCancel}
      role="alertdialog"
      size="sm"
      testId="claim-modal"
      title={t('claim.title')}
      footer={
        <>
          <Button variant="secondary" block onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button block onClick={onConfirm} disabled={busy} data-testid="claim-confirm">
            {t('claim.confirm')}
          </Button>
        </>
      }
    >
      {coupon ? (
        <div className="flex flex-col items-center gap-2 text-center">
          <p className="text-sm text-white/70">{t('claim.question')}</p>
          <p data-testid="claim-slice" className="text-lg font-bold text-gold-300">
            {coupon.prize.slice.label}
          </p>
          <p className="text-sm text-white/80">{coupon.prize.name}</p>
          <p data-testid="claim-amount" className="text-xl font-semibold tabular-nums text-white">
            {formatNumber(coupon.amount)}
          </p>
          <p data-testid="claim-condition" className="text-xs leading-relaxed text-white/60">
            {t('claim.condition')}
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
