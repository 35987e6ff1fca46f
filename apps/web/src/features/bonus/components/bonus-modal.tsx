import type { TBonus } from '@krapao/contracts/bonus';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../../../components/ui/banner-carousel';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SafeHtml } from '../../../components/ui/safe-html';
import { errorText } from '../../../lib/api-error';
import { localizedLookupQuery } from '../../../lib/lookup-queries';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useActivateBonus } from '../api/activate-bonus';
import { bonusNotice } from '../lib/bonus-notice';
import { BonusFigures } from './bonus-figures';
import type { ActivationResult } from './result-dialog';

type BonusModalProps = {
  bonus: TBonus;
  /** The member's current bonus: the button only confirms and closes. */
  isActive: boolean;
  onClose: () => void;
  onResult: (result: ActivationResult) => void;
};

/** Banners, the notice with the bonus's percentFail, the figures and the receive button (docs/product.md §2.8). */
export function BonusModal({ bonus, isActive, onClose, onResult }: BonusModalProps) {
  const { t, i18n } = useTranslation('bonus');
  // GET /api/lookup/notice on each opening, in the language on screen; a failed load hides the notice.
  const notice = useQuery(localizedLookupQuery('notice', i18n.language));
  const activate = useActivateBonus();
  const submissionKey = useSubmissionKey();
  const noticeHtml = bonusNotice(notice.data?.notice, bonus.percentFail);

  const onReceive = () => {
    if (isActive) return onClose();
    if (activate.isPending) return;
    activate.mutate(
      { code: bonus.code, idempotencyKey: submissionKey.keyFor({ bonus: bonus.code }) },
      {
        onSuccess: () => {
          submissionKey.settle();
          onClose();
          onResult({ tone: 'success' });
        },
        onError: (err) => {
          submissionKey.settle(err);
          onResult({ tone: 'danger', message: errorText(t, err) });
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={bonus.name}
      testId="bonus-modal"
      footer={
        <Button block onClick={onReceive} disabled={activate.isPending} data-testid="bonus-receive">
          {isActive ? t('modal.activeConfirm') : t('modal.receive')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {bonus.banners.length > 0 ? <BannerCarousel banners={bonus.banners} /> : null}
        {isActive ? (
          <p data-testid="bonus-modal-active" className="rounded-xl bg-gold-400/10 px-3 py-2 text-sm text-gold-200">
            {t('modal.isActive')}
          </p>
        ) : null}
        <BonusFigures bonus={bonus} />
        {noticeHtml ? <SafeHtml html={noticeHtml} testId="bonus-notice" className="text-sm text-white/80" /> : null}
      </div>
    </Modal>
  );
}
