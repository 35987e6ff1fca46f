import type { TWalletResponse } from '@krapao/contracts/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog, type AlertTone } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { codeText, errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useReceiveInviteBonus } from '../api/invite';

type InviteReceiveProps = {
  open: boolean;
  invite: TWalletResponse['invite'] | null;
  /** The bonus moved to the wallet: reload it. */
  onReceived: () => void;
  onClose: () => void;
};

const SUCCESS_CODE = 'INVITE_BONUS_SUCCESS';
/** One claim is one user action; the same key is reused only when a try got no answer. */
const CLAIM = 'invite-bonus';

/**
 * Receiving the invite bonus (docs/product.md §4.3): a confirm showing the condition's success and fail
 * percentages, then GET /api/invite/bonus, then the result. Stays mounted so a claim that got no
 * answer is retried with the same Idempotency-Key.
 */
export function InviteReceive({ open, invite, onReceived, onClose }: InviteReceiveProps) {
  const { t } = useTranslation('invite');
  const mutation = useReceiveInviteBonus();
  const submissionKey = useSubmissionKey();
  const [result, setResult] = useState<{ tone: AlertTone; text: string } | null>(null);

  const confirm = () => {
    if (mutation.isPending) return;
    mutation.mutate(submissionKey.keyFor(CLAIM), {
      onSuccess: (answer) => {
        submissionKey.settle();
        setResult({ tone: 'success', text: codeText(t, answer?.message || SUCCESS_CODE) });
        onReceived();
      },
      onError: (err) => {
        submissionKey.settle(err);
        setResult({ tone: 'danger', text: errorText(t, err) });
      },
    });
  };
  const cancel = () => {
    if (!mutation.isPending) onClose();
  };
  const finish = () => {
    setResult(null);
    onClose();
  };

  return (
    <>
      <Modal
        open={open && result === null}
        onClose={cancel}
        role="alertdialog"
        size="sm"
        testId="invite-confirm"
        title={t('receive.title')}
        footer={
          <>
            <Button variant="secondary" block onClick={cancel} data-testid="invite-confirm-no">
              {t('common:actions.cancel')}
            </Button>
            <Button block onClick={confirm} disabled={mutation.isPending} data-testid="invite-confirm-yes">
              {t('receive.confirm')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-white/80">
          <p>{t('receive.intro')}</p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 rounded-xl bg-ink-800/70 p-3">
            <dt className="text-white/60">{t('receive.amount')}</dt>
            <dd data-testid="invite-confirm-amount" className="text-right font-semibold text-gold-200">
              {formatNumber(invite?.amount ?? 0)}
            </dd>
            <dt className="text-white/60">{t('receive.success')}</dt>
            <dd data-testid="invite-confirm-success" className="text-right font-semibold text-emerald-300">
              {`${invite?.success ?? 0} %`}
            </dd>
            <dt className="text-white/60">{t('receive.fail')}</dt>
            <dd data-testid="invite-confirm-fail" className="text-right font-semibold text-rose-300">
              {`${invite?.fail ?? 0} %`}
            </dd>
          </dl>
          <p className="text-xs text-white/55">{t('receive.rule')}</p>
        </div>
      </Modal>
      <AlertDialog
        open={open && result !== null}
        tone={result?.tone ?? 'success'}
        message={<span data-testid="invite-receive-result">{result?.text}</span>}
        onClose={finish}
      />
    </>
  );
}
