import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SafeHtml } from '../../../components/ui/safe-html';

export type Prize = { label: string; htmlDescription: string };

type PrizeModalProps = { prize: Prize | null; onClose: () => void };

/** The prize-won modal: the slice's label and its description. */
export function PrizeModal({ prize, onClose }: PrizeModalProps) {
  const { t } = useTranslation('spin');
  return (
    <Modal
      open={prize !== null}
      onClose={onClose}
      title={t('prize.title')}
      testId="prize-modal"
      size="sm"
      footer={
        <Button block onClick={onClose} data-testid="prize-close">
          {t('common:actions.ok')}
        </Button>
      }
    >
      {prize ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <p className="text-xs uppercase tracking-wide text-white/55">{t('prize.won')}</p>
          <p data-testid="prize-label" className="text-2xl font-bold text-gold-300">
            {prize.label}
          </p>
          {prize.htmlDescription ? (
            <SafeHtml html={prize.htmlDescription} testId="prize-description" className="text-sm text-white/80" />
          ) : null}
          <p className="text-xs text-white/55">{t('prize.hint')}</p>
        </div>
      ) : null}
    </Modal>
  );
}
