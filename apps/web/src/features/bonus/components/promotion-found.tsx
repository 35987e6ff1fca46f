import type { TPromotion } from '@krapao/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-error';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useActivatePromotion } from '../api/activate-promotion';
import type { ActivationResult } from './result-dialog';

type PromotionFoundProps = {
  promotion: TPromotion;
  /** The upper-cased code that was searched: activation sends the same. */
  code: string;
  onResult: (result: ActivationResult) => void;
};

/** A found promotion: its description, percentFail and the activate button. */
export function PromotionFound({ promotion, code, onResult }: PromotionFoundProps) {
  const { t } = useTranslation('bonus');
  const activate = useActivatePromotion();
  const submissionKey = useSubmissionKey();

  const onActivate = () => {
    if (activate.isPending) return;
    activate.mutate(
      { code, idempotencyKey: submissionKey.keyFor({ promotion: code }) },
      {
        onSuccess: (isActivated) => {
          submissionKey.settle();
          onResult(isActivated ? { tone: 'success' } : { tone: 'danger', message: t('promotion.failed') });
        },
        onError: (err) => {
          submissionKey.settle(err);
          onResult({ tone: 'danger', message: errorText(t, err) });
        },
      },
    );
  };

  return (
    <div
      data-testid="promotion-found"
      className="flex flex-col gap-3 rounded-xl border border-gold-700/30 bg-white/5 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-gold-200">{promotion.code || code}</span>
        <span data-testid="promotion-percent-fail" className="text-xs text-white/60">
          {t('promotion.percentFail', { percent: promotion.percentFail })}
        </span>
      </div>
      <p data-testid="promotion-description" className="whitespace-pre-line text-sm text-white/85">
        {promotion.description}
      </p>
      <Button block onClick={onActivate} disabled={activate.isPending} data-testid="promotion-activate">
        {t('promotion.activate')}
      </Button>
    </div>
  );
}
