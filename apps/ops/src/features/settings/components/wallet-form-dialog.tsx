import { AUTO_MODE, GIFT_MODE } from '@krapao/contracts/deposit';
import { type TSettingsPage, ZHouseWallet } from '@krapao/contracts/ops/settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import { type DepositEntryDialogProps, withEntry } from '../lib/deposit-entry';

type Wallet = TSettingsPage['deposit']['wallets'][number];

/** The wallet number is required for AUTO (the member transfers to it); a gift wallet may leave it empty. */
const ZWalletForm = z
  .object({
    mode: ZHouseWallet.shape.mode,
    walletAccountName: ZHouseWallet.shape.walletAccountName,
    walletAccountNo: z
      .string()
      .trim()
      .regex(/^(0\d{9})?$/),
  })
  .superRefine((form, ctx) => {
    if (form.mode === AUTO_MODE && form.walletAccountNo === '')
      ctx.addIssue({ code: 'custom', path: ['walletAccountNo'], message: 'required' });
  });
type WalletForm = z.infer<typeof ZWalletForm>;

/** A TrueMoney wallet added or edited; the whole deposit setting is checked before the reason is asked. */
export function WalletFormDialog({ page, index, onNext, onClose }: DepositEntryDialogProps) {
  const { t } = useTranslation('settings');
  const editing = index === null ? undefined : page.deposit.wallets[index];
  const { register, handleSubmit, formState } = useForm<WalletForm>({
    resolver: zodResolver(ZWalletForm),
    defaultValues: {
      mode: editing?.mode ?? AUTO_MODE,
      walletAccountName: editing?.walletAccountName ?? '',
      walletAccountNo: editing?.walletAccountNo ?? '',
    },
  });
  const submit = handleSubmit((form) => {
    const wallet: Wallet = {
      mode: form.mode,
      walletAccountName: form.walletAccountName,
      ...(form.walletAccountNo === '' ? {} : { walletAccountNo: form.walletAccountNo }),
    };
    const wallets = withEntry(page.deposit.wallets, index, wallet);
    onNext({ ...page.deposit, wallets });
  });
  const numberError = formState.errors.walletAccountNo;
  return (
    <Dialog title={t(index === null ? 'wallets.add' : 'wallets.edit')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <SelectField
          label={t('wallets.mode')}
          options={[
            { value: AUTO_MODE, label: t('wallets.auto') },
            { value: GIFT_MODE, label: t('wallets.gift') },
          ]}
          {...register('mode')}
        />
        <TextField
          label={t('wallets.name')}
          error={formState.errors.walletAccountName ? t('wallets.nameRequired') : undefined}
          {...register('walletAccountName')}
        />
        <TextField
          label={t('wallets.number')}
          hint={t('wallets.numberHint')}
          inputMode="numeric"
          error={
            numberError
              ? t(numberError.message === 'required' ? 'wallets.numberRequired' : 'wallets.numberInvalid')
              : undefined
          }
          {...register('walletAccountNo')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit">{t('next')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
