import type { TSessionSummary } from '@krapao/contracts/protection';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatNumber } from '../../../lib/format';

type RealityCheckDialogProps = {
  summary: TSessionSummary;
  onContinue: () => void;
  /** Stop playing: the member is signed out. */
  onStop: () => void;
};

/** Minutes since sign-in and the net result of settled play since then; continue or stop. */
export function RealityCheckDialog({ summary, onContinue, onStop }: RealityCheckDialogProps) {
  const { t } = useTranslation('protection');
  const net = `${summary.net > 0 ? '+' : ''}${formatNumber(summary.net)}`;
  return (
    <Modal
      open
      onClose={onContinue}
      role="alertdialog"
      size="sm"
      title={t('reality.dialogTitle')}
      testId="reality-check-dialog"
      footer={
        <>
          <Button variant="secondary" block onClick={onStop} data-testid="reality-stop">
            {t('reality.stop')}
          </Button>
          <Button block onClick={onContinue} data-testid="reality-continue">
            {t('reality.continue')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2 text-sm text-white/85">
        <p data-testid="reality-minutes">{t('reality.played', { minutes: summary.minutesPlayed })}</p>
        <p data-testid="reality-net" className={summary.net < 0 ? 'text-rose-200' : 'text-emerald-200'}>
          {t('reality.net', { amount: net })}
        </p>
      </div>
    </Modal>
  );
}
