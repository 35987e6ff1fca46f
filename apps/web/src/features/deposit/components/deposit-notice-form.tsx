import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type AmountProblem, amountProblem } from '../../../lib/amount-rules';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useSendDepositNotice } from '../api/send-deposit-notice';

type DepositNoticeFormProps = { minimumDeposit: number; onDone: () => void };

/**
 * The manual transfer notice (spec §7 POST /api/wallet/add, shown when the deposit lookup says
 * isManual): the amount the member sent to a house account, matched later against the bank feed.
 * It credits nothing by itself.
 */
export function DepositNoticeForm({ minimumDeposit, onDone }: DepositNoticeFormProps) {
  const { t } = useTranslation('depositMethods');
  const mutation = useSendDepositNotice();
  const submissionKey = useSubmissionKey();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = amountProblem(amount, { min: minimumDeposit > 0 ? minimumDeposit : undefined });
    setProblem(found);
    setFailure(null);
    if (found || mutation.isPending) return;
    const body = { amount: Number(amount) };
    mutation.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: () => {
          submissionKey.settle();
          setAmount('');
          toast.success(t('notice.sent', { amount: formatNumber(body.amount) }));
          onDone();
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
      ? t('notice.minimum', { amount: formatNumber(minimumDeposit) })
      : problem === 'decimals'
        ? t('notice.decimals')
        : problem
          ? t('notice.amountRequired')
          : undefined;

  return (
    <form data-testid="notice-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold text-gold-200">{t('notice.title')}</h3>
        <p className="text-xs text-white/60">{t('notice.help')}</p>
      </div>
      <TextField
        label={t('notice.amount')}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        placeholder="0.00"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={problemText}
        hint={minimumDeposit > 0 ? t('notice.minimum', { amount: formatNumber(minimumDeposit) }) : undefined}
        testId="notice-amount"
      />
      <Button type="submit" block disabled={mutation.isPending} data-testid="notice-send">
        {t('notice.send')}
      </Button>
      {failure ? (
        <p data-testid="notice-error" role="alert" className="text-sm text-rose-300">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
