import { MAIN_WALLET_CODE, MIN_TRANSFER } from '@krapao/contracts/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useTransfer } from '../api/transfer';
import { type TransferForm, type TransferProblem, transferProblem } from '../lib/transfer-rules';

export type TransferAccount = { code: string; name: string; amount: number };

type TransferModalProps = {
  open: boolean;
  /** The main wallet's balance; the game accounts listed are the member's active ones. */
  walletAmount: number;
  accounts: TransferAccount[];
  /** Preselected accounts, e.g. WALLET → a game from the game modal's transfer-only. */
  preset?: { from?: string; to?: string };
  /** refresh: the wallet changed and must be reloaded (spec §2). */
  onClose: (refresh: boolean) => void;
};

const EMPTY: TransferForm = { from: '', to: '', amount: '' };

/** Moves money between the main wallet and game accounts (spec §2, §5, §7, §8). */
export function TransferModal({ open, walletAmount, accounts, preset, onClose }: TransferModalProps) {
  const { t } = useTranslation('wallet');
  const mutation = useTransfer();
  const submissionKey = useSubmissionKey();
  // Mounted already open (home loads this modal when first opened): start from the preset at once.
  const [form, setForm] = useState<TransferForm>(() =>
    open ? { ...EMPTY, from: preset?.from ?? '', to: preset?.to ?? '' } : EMPTY,
  );
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setForm({ ...EMPTY, from: preset?.from ?? '', to: preset?.to ?? '' });
    setProblem(null);
  }, [open, preset?.from, preset?.to]);

  const options = [
    { value: MAIN_WALLET_CODE, label: `${t('mainWallet')} (${formatNumber(walletAmount)})` },
    ...accounts.map((a) => ({ value: a.code, label: `${a.name} (${formatNumber(a.amount)})` })),
  ];
  const set = (field: keyof TransferForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = transferProblem(form);
    setProblem(found);
    if (found || mutation.isPending) return;
    const body = { from: form.from, to: form.to, amount: Number(form.amount) };
    mutation.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          toast.success(answer.status === 'PENDING' ? t('transfer.pending') : t('transfer.success'));
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
      ? t('transfer.minimum', { min: MIN_TRANSFER })
      : problem
        ? t(`transfer.${problem}`)
        : undefined;
  const accountProblem = problem === 'selectAccount' || problem === 'sameAccount';

  return (
    <>
      <Modal open={open} onClose={() => onClose(false)} title={t('transfer.title')} testId="transfer-modal" size="sm">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Select
            label={t('transfer.from')}
            placeholder={t('transfer.choose')}
            options={options}
            value={form.from}
            onChange={set('from')}
            testId="transfer-from"
          />
          <Select
            label={t('transfer.to')}
            placeholder={t('transfer.choose')}
            options={options}
            value={form.to}
            onChange={set('to')}
            error={accountProblem ? problemText : undefined}
            testId="transfer-to"
          />
          <TextField
            label={t('transfer.amount')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            placeholder="0.00"
            value={form.amount}
            onChange={set('amount')}
            error={accountProblem ? undefined : problemText}
            hint={t('transfer.amountHint')}
            testId="transfer-amount"
          />
          <Button type="submit" block disabled={mutation.isPending} data-testid="transfer-submit">
            {t('transfer.submit')}
          </Button>
        </form>
      </Modal>
      <AlertDialog open={failure !== null} tone="danger" message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
