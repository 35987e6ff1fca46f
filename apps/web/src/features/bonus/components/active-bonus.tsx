import type { TActiveBonusCheck } from '@krapao/contracts/bonus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { Card } from '../../../components/ui/page';
import { toast } from '../../../components/ui/toast';
import { codeText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useClearBonus } from '../api/clear-bonus';
import { cancelFailureText } from '../lib/cancel-failure';
import { BonusProgress } from './bonus-progress';

type ActiveBonusProps = { check: TActiveBonusCheck; name?: string };

/**
 * The active bonus type, its progress and the cancel button (confirmation first, showing what the
 * cancel takes back; docs/product.md §4.2, decision 055).
 */
export function ActiveBonus({ check, name }: ActiveBonusProps) {
  const { t } = useTranslation('bonus');
  const clear = useClearBonus();
  const submissionKey = useSubmissionKey();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const type = check.type ?? check.progress?.kind ?? 'bonus';

  const onConfirm = () => {
    if (clear.isPending) return;
    setFailure(null);
    clear.mutate(submissionKey.keyFor({ clear: check.progress?.code ?? type }), {
      onSuccess: (answer) => {
        submissionKey.settle();
        setConfirming(false);
        // The server's message, then what the cancel took back out of the wallet.
        const takenBack = answer?.takenBack ?? 0;
        const tookBack =
          takenBack > 0 ? t('active.cancelled', { amount: formatNumber(takenBack) }) : t('active.cancelledNothing');
        toast.success(`${codeText(t, answer?.message || 'BONUS_CLEAR')}. ${tookBack}`);
      },
      onError: (err) => {
        submissionKey.settle(err);
        setConfirming(false);
        setFailure(cancelFailureText(t, err));
      },
    });
  };

  return (
    <Card className="flex flex-col gap-3">
      <div data-testid="bonus-active" className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs text-white/55">{t('active.label')}</span>
          <span data-testid="bonus-active-type" className="truncate text-base font-semibold text-gold-200">
            {t(`types.${type}`, { defaultValue: type })}
          </span>
          {name ? <span className="truncate text-xs text-white/70">{name}</span> : null}
        </div>
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="bonus-cancel" className="shrink-0">
          {t('active.cancel')}
        </Button>
      </div>
      {failure ? (
        <div
          role="alert"
          data-testid="bonus-cancel-error"
          className="flex items-start justify-between gap-3 rounded-xl border border-rose-400/40 bg-rose-950/80 px-3 py-2.5 text-sm text-rose-100"
        >
          <span>{failure}</span>
          <button
            type="button"
            onClick={() => setFailure(null)}
            aria-label={t('common:actions.close')}
            data-testid="bonus-cancel-error-close"
            className="shrink-0 rounded-full p-0.5 text-rose-200 hover:bg-white/10"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {check.progress ? <BonusProgress progress={check.progress} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('active.confirmTitle')}
        message={
          <>
            {check.progress ? (
              <p data-testid="bonus-cancel-takes-back" className="mb-2 text-base font-semibold text-gold-200">
                {t('active.takesBack', { amount: formatNumber(check.progress.cancelTakesBack) })}
              </p>
            ) : null}
            <p>{t('active.confirmMessage')}</p>
          </>
        }
        confirmText={t('active.confirm')}
        busy={clear.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
