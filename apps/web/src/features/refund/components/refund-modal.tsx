import { useTranslation } from 'react-i18next';
import { BannerModal, useBannersFirst } from '../../../components/ui/banner-modal';
import { Modal } from '../../../components/ui/modal';
import { getRefundBanners } from '../api/refund';
import { RefundLog } from './refund-log';
import { RefundPanel } from './refund-panel';

type RefundActionProps = {
  open: boolean;
  /** refresh: money reached the wallet, reload it. */
  onClose: (refresh: boolean) => void;
};

/** The refund quick action: banners first when there are any, then the refund modal. */
export function RefundAction({ open, onClose }: RefundActionProps) {
  // Mounted per opening, so banners, check and log load fresh each time.
  return open ? <RefundFlow onClose={onClose} /> : null;
}

function RefundFlow({ onClose }: Omit<RefundActionProps, 'open'>) {
  const { t } = useTranslation('refund');
  const { stage, banners, closeBanners } = useBannersFirst(['refund-banners'], getRefundBanners);
  return (
    <>
      <BannerModal open={stage === 'banners'} banners={banners} title={t('title')} onClose={closeBanners} />
      <RefundModal open={stage === 'modal'} onClose={onClose} />
    </>
  );
}

type RefundModalProps = { open: boolean; onClose: (refresh: boolean) => void };

/** Cashback (docs/product.md §4.4): the check, receive, add to wallet, and the refund log. */
export function RefundModal({ open, onClose }: RefundModalProps) {
  const { t } = useTranslation('refund');
  return (
    <Modal open={open} onClose={() => onClose(false)} title={t('title')} testId="refund-modal" size="lg">
      <div className="flex flex-col gap-4">
        {/* Receiving only fills the refund account; adding to the wallet closes with a refresh. */}
        <RefundPanel onAddedToWallet={() => onClose(true)} />
        <RefundLog />
      </div>
    </Modal>
  );
}
