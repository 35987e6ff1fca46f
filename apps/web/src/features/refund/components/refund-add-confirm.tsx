import type { TRefundCheck } from '@krapao/contracts/refund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatNumber } from '../../../lib/format';

type RefundAddConfirmProps = { open: boolean; check: TRefundCheck; onConfirm: () => void; onCancel: () => void };

/** Add-to-wallet asks first (docs/product.md §4.4): the amount and the condition it comes with. */
export function RefundAddConfirm({ open, check, onConfirm, onCancel }: RefundAddConfirmProps) {
  const { t } = useTranslation('refund');
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      testId="refund-add-confirm"
      title={t('confirm.title')}
      footer={
        <>
          <Button variant="secondary" block onClick={onCancel} data-testid="refund-add-no">
            {t('common:actions.cancel')}
          </Button>
          <Button block onClick={onConfirm} data-testid="refund-add-yes">
            {t('common:actions.confirm')}
          </Button>
        </>
      }
    >
      <p data-testid="refund-add-message" className="text-sm text-white/80">
        {t('confirm.message', {
          amount: formatNumber(check.receivedAmount),
          success: check.refundSuccess,
          fail: check.refundFail,
        })}
      </p>
    </Modal>
  );
}
