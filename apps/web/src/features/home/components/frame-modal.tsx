import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

type FrameModalProps = { open: boolean; title: string; testId: string; onClose: () => void };

/** A home sub-screen whose content a later issue builds (deposit, withdraw, invite, refund). */
export function FrameModal({ open, title, testId, onClose }: FrameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title} testId={testId} size="sm">
      <p className="py-4 text-center text-sm text-white/60">{t('comingSoon')}</p>
    </Modal>
  );
}
