import { zodResolver } from '@hookform/resolvers/zod';
import { MAIN_WALLET_CODE, MIN_TRANSFER } from '@krapao/contracts/constants';
import type { TTransferRequest } from '@krapao/contracts/wallet';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { useMoneyAction } from '../../../lib/use-money-action';
import { transfer } from '../api/transfer';
import { type TransferForm, transferFormSchema } from '../lib/transfer-rules';

export type TransferAccount = {
  code: string;
  name: string;
  amount: number;
  /** A game turned off or under maintenance: its balance can come out, nothing goes in. */
  isOff?: true;
  maintenanceMessage?: string;
};

const takesMoneyIn = (a: TransferAccount) => !a.isOff && !a.maintenanceMessage;

type TransferModalProps = {
  open: boolean;
  /** The main wallet's balance; the game accounts listed are the member's active ones. */
  walletAmount: number;
  accounts: TransferAccount[];
  /** Preselected accounts, e.g. WALLET → a game from the game modal's transfer-only. */
  preset?: { from?: string; to?: string };
  /** refresh: the wallet changed and must be reloaded. */
  onClose: (refresh: boolean) => void;
};

const EMPTY: TransferForm = { from: '', to: '', amount: '' };

/** Moves money between the main wallet and game accounts (docs/product.md §3.2). */
export function TransferModal({ open, walletAmount, accounts, preset, onClose }: TransferModalProps) {
  const { t } = useTranslation('wallet');
  // Mounted already open (home loads this modal when first opened): start from the preset at once.
  const form = useForm<TransferForm, unknown, TTransferRequest>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: open ? { ...EMPTY, from: preset?.from ?? '', to: preset?.to ?? '' } : EMPTY,
    reValidateMode: 'onSubmit',
  });
  const action = useMoneyAction({
    send: transfer,
    t,
    successText: (answer) => (answer.status === 'PENDING' ? t('transfer.pending') : t('transfer.success')),
    onSuccess: () => onClose(true),
  });
  const { reset, clearErrors } = form;

  useEffect(() => {
    if (open) reset({ ...EMPTY, from: preset?.from ?? '', to: preset?.to ?? '' });
    else clearErrors();
  }, [open, preset?.from, preset?.to, reset, clearErrors]);

  const optionOf = (a: TransferAccount) => ({ value: a.code, label: `${a.name} (${formatNumber(a.amount)})` });
  const wallet = { value: MAIN_WALLET_CODE, label: `${t('mainWallet')} (${formatNumber(walletAmount)})` };
  const options = [wallet, ...accounts.map(optionOf)];
  const toOptions = [wallet, ...accounts.filter(takesMoneyIn).map(optionOf)];

  // Controlled, so that a preset account shows once the accounts it names are listed.
  const [from, to] = form.watch(['from', 'to']);
  const accountsChosen = { from, to };
  const { errors } = form.formState;
  const accountProblem = errors.to?.message;
  const amountProblem = errors.amount?.message;
  const amountText =
    amountProblem === 'minimum'
      ? t('transfer.minimum', { min: MIN_TRANSFER })
      : amountProblem
        ? t(`transfer.${amountProblem}`)
        : undefined;

  return (
    <>
      <Modal open={open} onClose={() => onClose(false)} title={t('transfer.title')} testId="transfer-modal" size="sm">
        <form onSubmit={form.handleSubmit(action.submit)} noValidate className="flex flex-col gap-4">
          <Select
            label={t('transfer.from')}
            placeholder={t('transfer.choose')}
            options={options}
            testId="transfer-from"
            {...form.register('from')}
            value={accountsChosen.from}
          />
          <Select
            label={t('transfer.to')}
            placeholder={t('transfer.choose')}
            options={toOptions}
            error={accountProblem ? t(`transfer.${accountProblem}`) : undefined}
            testId="transfer-to"
            {...form.register('to')}
            value={accountsChosen.to}
          />
          <TextField
            label={t('transfer.amount')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            placeholder="0.00"
            error={accountProblem ? undefined : amountText}
            hint={t('transfer.amountHint')}
            testId="transfer-amount"
            {...form.register('amount')}
          />
          <Button type="submit" block disabled={action.isPending} data-testid="transfer-submit">
            {t('transfer.submit')}
          </Button>
        </form>
      </Modal>
      <AlertDialog
        open={action.failure !== null}
        tone="danger"
        message={action.failure}
        onClose={action.clearFailure}
      />
    </>
  );
}
