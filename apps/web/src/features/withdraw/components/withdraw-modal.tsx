import { zodResolver } from '@hookform/resolvers/zod';
import type { TBankAccount } from '@krapao/contracts/account';
import { ZMoneyInput } from '@krapao/contracts/money-input';
import type { TWithdrawRequest } from '@krapao/contracts/withdraw';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { lookupQuery } from '../../../lib/lookup-queries';
import { useMoneyAction } from '../../../lib/use-money-action';
import { useWithdrawReview } from '../api/get-withdraw-review';
import { withdrawAll } from '../api/withdraw';
import { WithdrawAccount } from './withdraw-account';
import { WithdrawReviewNote } from './withdraw-review-note';

type WithdrawModalProps = {
  open: boolean;
  walletAmount: number;
  /** The member's registered account: the only place a withdrawal is paid to. */
  bankAccount: TBankAccount | null;
  /** refresh: the wallet changed and must be reloaded. */
  onClose: (refresh: boolean) => void;
};

/** Withdraw to the registered bank account (docs/product.md §3.4). The form mounts on each opening. */
export function WithdrawModal({ open, walletAmount, bankAccount, onClose }: WithdrawModalProps) {
  const { t } = useTranslation('withdraw');
  return (
    <Modal open={open} onClose={() => onClose(false)} title={t('title')} testId="withdraw-modal" size="sm">
      <WithdrawForm walletAmount={walletAmount} bankAccount={bankAccount} onClose={onClose} />
    </Modal>
  );
}

function WithdrawForm({ walletAmount, bankAccount, onClose }: Omit<WithdrawModalProps, 'open'>) {
  const { t } = useTranslation('withdraw');
  // GET /api/lookup/withdraw on each opening. Without the limits nothing is sent: a failed load says
  // so and offers to load them again.
  const limits = useQuery(lookupQuery('withdraw'));
  // GET /api/wallet/withdraw/review on each opening: paid at once or reviewed (decision 055).
  const review = useWithdrawReview();
  const min = limits.data?.withdrawMin;
  const max = limits.data?.withdrawMax;
  const form = useForm({
    resolver: zodResolver(z.object({ amount: ZMoneyInput({ min, max }) })),
    defaultValues: { amount: '' },
    reValidateMode: 'onSubmit',
  });
  const action = useMoneyAction({
    send: withdrawAll,
    t,
    successText: () => t('success'),
    onSuccess: () => onClose(true),
  });

  const onValid = (body: TWithdrawRequest) => {
    if (limits.data) action.submit(body);
  };

  const problem = form.formState.errors.amount?.message;
  const problemText =
    problem === 'minimum'
      ? t('minimum', { min: formatNumber(min) })
      : problem === 'maximum'
        ? t('maximum', { max: formatNumber(max) })
        : problem
          ? t(problem)
          : undefined;

  return (
    <>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="flex flex-col gap-4">
        <WithdrawAccount walletAmount={walletAmount} bankAccount={bankAccount} />
        <TextField
          label={t('amount')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          placeholder="0.00"
          error={problemText}
          hint={limits.data ? t('limits', { min: formatNumber(min), max: formatNumber(max) }) : undefined}
          testId="withdraw-amount"
          {...form.register('amount')}
        />
        <WithdrawReviewNote review={review.data} amount={form.watch('amount')} />
        {limits.isError ? (
          <div
            role="alert"
            data-testid="withdraw-limits-failed"
            className="flex items-center justify-between gap-3 rounded-xl border border-rose-400/40 bg-rose-950/60 p-3 text-sm text-rose-100"
          >
            <span>{t('limitsFailed')}</span>
            <Button variant="secondary" onClick={() => void limits.refetch()} disabled={limits.isFetching}>
              {t('limitsRetry')}
            </Button>
          </div>
        ) : null}
        <Button
          type="submit"
          block
          disabled={!bankAccount || !limits.data || action.isPending}
          data-testid="withdraw-submit"
        >
          {t('submit')}
        </Button>
      </form>
      <AlertDialog
        open={action.failure !== null}
        tone="danger"
        message={<span data-testid="withdraw-error">{action.failure}</span>}
        onClose={action.clearFailure}
      />
    </>
  );
}
