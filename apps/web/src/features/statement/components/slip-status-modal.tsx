import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

type SlipStatusModalProps = { open: boolean; onClose: () => void };

/** The uploaded-slip status table (spec §2): a frame until the deposits issue fills it. */
export function SlipStatusModal({ open, onClose }: SlipStatusModalProps) {
  const { t } = useTranslation('statement');
  return (
    <Modal open={open} onClose={onClose} title={t('slip.title')} testId="slip-modal" size="lg">
      <p className="py-4 text-center text-sm text-white/60">{t('common:comingSoon')}</p>
    </Modal>
  );
}
