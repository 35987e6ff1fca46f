import { zodResolver } from '@hookform/resolvers/zod';
import { ZMoneyInput } from '@krapao/contracts/money-input';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { useMoneyAction } from '../../../lib/use-money-action';
import { sendBankNotice } from '../api/send-bank-notice';

type DepositNoticeFormProps = { minimumDeposit: number; onDone: () => void };

const noticeSchema = (minimumDeposit: number) =>
  z.object({ amount: ZMoneyInput({ min: minimumDeposit > 0 ? minimumDeposit : undefined }) });

/**
 * The manual transfer notice (POST /api/wallet/add, shown when the deposit lookup says
 * isManual): the amount the member sent to a house account, matched later against the bank feed.
 * It credits nothing by itself.
 */
export function BankNoticeForm({ minimumDeposit, onDone }: DepositNoticeFormProps) {
  const { t } = useTranslation('depositMethods');
  const form = useForm({
    resolver: zodResolver(noticeSchema(minimumDeposit)),
    defaultValues: { amount: '' },
    reValidateMode: 'onSubmit',
  });
  const action = useMoneyAction({
    send: sendBankNotice,
    t,
    successText: (_answer, body) => t('notice.sent', { amount: formatNumber(body.amount) }),
    onSuccess: () => {
      form.reset();
      onDone();
    },
  });

  const problem = form.formState.errors.amount?.message;
  const problemText =
    problem === 'minimum'
      ? t('notice.minimum', { amount: formatNumber(minimumDeposit) })
      : problem === 'decimals'
        ? t('notice.decimals')
        : problem
          ? t('notice.amountRequired')
          : undefined;

  return (
    <form
      data-testid="notice-form"
      onSubmit={form.handleSubmit(action.submit, action.clearFailure)}
      noValidate
      className="flex flex-col gap-3"
    >
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
        error={problemText}
        hint={minimumDeposit > 0 ? t('notice.minimum', { amount: formatNumber(minimumDeposit) }) : undefined}
        testId="notice-amount"
        {...form.register('amount')}
      />
      <Button type="submit" block disabled={action.isPending} data-testid="notice-send">
        {t('notice.send')}
      </Button>
      {action.failure ? (
        <p data-testid="notice-error" role="alert" className="text-sm text-rose-300">
          {action.failure}
        </p>
      ) : null}
    </form>
  );
}
