import type { TBankAccount } from '@krapao/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type AmountProblem, amountProblem } from '../../../lib/amount-rules';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { lookupQuery } from '../../../lib/lookup-queries';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useWithdrawReview } from '../api/get-withdraw-review';
import { useWithdrawAll } from '../api/withdraw';
import { WithdrawAccount } from './withdraw-account';
import { WithdrawReviewNote } from './withdraw-review-note';

type WithdrawModalProps = {
  open: boolean;
  walletAmount: number;
  /** The member's registered account: the only place a withdrawal is paid to. */
  bankAccount: TBankAccount | null;
  /** refresh: the wallet changed and must be reloaded (spec §2). */
  onClose: (refresh: boolean) => void;
};

/** Withdraw to the registered bank account (spec §2, §5, §7, §8). The form mounts on each opening. */
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
  // GET /api/lookup/withdraw on each opening (R3.14); a failed load is silent (spec §8).
  const limits = useQuery(lookupQuery('withdraw'));
  // GET /api/wallet/withdraw/review on each opening: paid at once or reviewed (decision 055).
  const review = useWithdrawReview();
  const mutation = useWithdrawAll();
  const submissionKey = useSubmissionKey();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const min = limits.data?.withdrawMin;
  const max = limits.data?.withdrawMax;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = amountProblem(amount, { min, max });
    setProblem(found);
    if (found || mutation.isPending || limits.isPending) return;
    const body = { amount: Number(amount) };
    mutation.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: () => {
          submissionKey.settle();
          toast.success(t('success'));
          onClose(true);
        },
        onError: (err) => {
          submissionKey.settle(err);
          setFailure(errorText(t, err));
        },
      },
    );
  };

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
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <WithdrawAccount walletAmount={walletAmount} bankAccount={bankAccount} />
        <TextField
          label={t('amount')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          placeholder="0.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={problemText}
          hint={limits.data ? t('limits', { min: formatNumber(min), max: formatNumber(max) }) : undefined}
          testId="withdraw-amount"
        />
        <WithdrawReviewNote review={review.data} amount={amount} />
        <Button
          type="submit"
          block
          disabled={!bankAccount || limits.isPending || mutation.isPending}
          data-testid="withdraw-submit"
        >
          {t('submit')}
        </Button>
      </form>
      <AlertDialog
        open={failure !== null}
        tone="danger"
        message={<span data-testid="withdraw-error">{failure}</span>}
        onClose={() => setFailure(null)}
      />
    </>
  );
}
