import type { TRefundCheck } from '@krapao/contracts/refund';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SafeHtml } from '../../../components/ui/safe-html';
import { toast } from '../../../components/ui/toast';
import { codeText, errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { type RefundAction, useRefundAction, useRefundCheck } from '../api/refund';
import { RefundAddConfirm } from './refund-add-confirm';

const SUCCESS_CODE = 'REFUND_SUCCESS';

/** What each button may do now (docs/product.md §4.4; contracts/refund.ts for the amounts). */
export function refundButtons(check: TRefundCheck | undefined) {
  const receivable = check ? check.refundAmount - check.receivedAmount : 0;
  return {
    // A refund is not allowed while a bonus condition is active (docs/product.md §4.2).
    receive: !!check && check.result && !check.bonus && receivable > 0,
    addWallet: !!check && !check.bonus && check.receivedAmount > 0,
  };
}

/** GET /api/refund/check and the two money actions: receive, then add to the wallet after a confirm. */
export function RefundPanel({ onAddedToWallet }: { onAddedToWallet: () => void }) {
  const { t } = useTranslation('refund');
  const queryClient = useQueryClient();
  const check = useRefundCheck();
  const action = useRefundAction();
  const submissionKey = useSubmissionKey();
  const [confirming, setConfirming] = useState(false);
  const data = check.data;
  const can = refundButtons(data);
  const busy = action.isPending || check.isFetching;

  const run = (name: RefundAction) => {
    if (action.isPending) return;
    action.mutate(
      { action: name, idempotencyKey: submissionKey.keyFor(name) },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          toast.success(codeText(t, answer?.message || SUCCESS_CODE));
          void queryClient.invalidateQueries({ queryKey: ['refund', 'list'] });
          if (name === 'addWallet') onAddedToWallet();
          else void check.refetch();
        },
        onError: (err) => {
          submissionKey.settle(err);
          // A danger toast, then the refund state is checked again.
          toast.danger(errorText(t, err));
          void check.refetch();
        },
      },
    );
  };

  if (!data) {
    return check.isPending ? (
      <p data-testid="refund-loading" className="py-4 text-center text-sm text-white/55">
        {t('common:loading')}
      </p>
    ) : null;
  }

  return (
    <section data-testid="refund-panel" className="flex flex-col gap-3">
      {data.result ? null : (
        <p data-testid="refund-none" className="rounded-xl bg-ink-800/70 p-3 text-center text-sm text-white/70">
          {t('none')}
        </p>
      )}
      {data.info ? <SafeHtml html={data.info} testId="refund-info" className="text-sm text-white/85" /> : null}
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 rounded-2xl border border-gold-700/40 bg-ink-800/70 p-3 text-sm">
        <dt className="text-white/60">{t('amount')}</dt>
        <dd data-testid="refund-amount" className="text-right text-base font-bold text-gold-200">
          {formatNumber(data.refundAmount)}
        </dd>
        <dt className="text-white/60">{t('received')}</dt>
        <dd data-testid="refund-received" className="text-right font-semibold text-white">
          {formatNumber(data.receivedAmount)}
        </dd>
        <dt className="text-white/60">{t('success')}</dt>
        <dd data-testid="refund-success" className="text-right font-semibold text-emerald-300">
          {`${data.refundSuccess} %`}
        </dd>
        <dt className="text-white/60">{t('fail')}</dt>
        <dd data-testid="refund-fail" className="text-right font-semibold text-rose-300">
          {`${data.refundFail} %`}
        </dd>
      </dl>
      {data.bonus ? (
        <p data-testid="refund-bonus-rule" className="rounded-xl bg-amber-500/10 p-3 text-sm text-amber-200">
          {t('bonusRule')}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Button block onClick={() => run('receive')} disabled={!can.receive || busy} data-testid="refund-receive">
          {t('receive')}
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => setConfirming(true)}
          disabled={!can.addWallet || busy}
          data-testid="refund-add-wallet"
        >
          {t('addWallet')}
        </Button>
      </div>
      <RefundAddConfirm
        open={confirming}
        check={data}
        onConfirm={() => {
          setConfirming(false);
          run('addWallet');
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
