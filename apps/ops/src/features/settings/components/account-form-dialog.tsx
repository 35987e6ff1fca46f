import { CURRENCIES } from '@krapao/contracts/constants';
import {
  HOUSE_ACCOUNT_MODES,
  type THouseEntry,
  type TSettingsPage,
  ZDepositSetting,
  ZHouseEntry,
} from '@krapao/contracts/ops/settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import { money } from '../../../lib/format';
import { type DepositEntryDialogProps, withEntry } from '../lib/deposit-entry';

const ZAccountForm = z.object({
  bankCode: ZHouseEntry.shape.bankCode,
  bankAccountNo: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/),
  bankAccountName: ZHouseEntry.shape.bankAccountName,
  currency: ZHouseEntry.shape.currency,
  mode: ZHouseEntry.shape.mode,
  /** Empty: no cap. */
  dailyCap: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d{1,2})?)?$/),
});
type AccountForm = z.infer<typeof ZAccountForm>;

/** A receiving account added or edited; the whole deposit setting is checked before the reason is asked. */
export function AccountFormDialog({ page, index, onNext, onClose }: DepositEntryDialogProps) {
  const { t, i18n } = useTranslation('settings');
  const editing = index === null ? undefined : page.deposit.banks[index];
  const received = index === null ? null : (page.receivedToday[index] ?? null);
  const { register, handleSubmit, formState, setError } = useForm<AccountForm>({
    resolver: zodResolver(ZAccountForm),
    defaultValues: {
      bankCode: editing?.bankCode ?? page.bankChoices[0]?.code ?? '',
      bankAccountNo: editing?.bankAccountNo ?? '',
      bankAccountName: editing?.bankAccountName ?? '',
      currency: editing?.currency ?? 'BAHT',
      mode: editing?.mode ?? 'SLIP',
      dailyCap: editing?.dailyCap == null ? '' : String(editing.dailyCap),
    },
  });
  const submit = handleSubmit((form) => {
    const entry: THouseEntry = {
      ...form,
      bankType: 'BANK',
      isEnabled: editing?.isEnabled ?? true,
      dailyCap: form.dailyCap === '' ? null : Number(form.dailyCap),
    };
    const banks = withEntry(page.deposit.banks, index, entry);
    const deposit = { ...page.deposit, banks };
    const checked = ZDepositSetting.safeParse(deposit);
    if (!checked.success) {
      setError('bankAccountNo', { message: 'duplicate' });
      return;
    }
    onNext(deposit);
  });
  const bankName = (b: TSettingsPage['bankChoices'][number]) => (i18n.language === 'th' ? b.nameTH : b.nameEN);
  return (
    <Dialog title={t(index === null ? 'accounts.add' : 'accounts.edit')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <SelectField
          label={t('accounts.bank')}
          options={page.bankChoices.map((b) => ({ value: b.code, label: `${b.code} · ${bankName(b)}` }))}
          {...register('bankCode')}
        />
        <TextField
          label={t('accounts.accountNo')}
          inputMode="numeric"
          error={
            formState.errors.bankAccountNo
              ? t(
                  formState.errors.bankAccountNo.message === 'duplicate'
                    ? 'accounts.duplicate'
                    : 'accounts.accountNoInvalid',
                )
              : undefined
          }
          {...register('bankAccountNo')}
        />
        <TextField
          label={t('accounts.accountName')}
          error={formState.errors.bankAccountName ? t('accounts.accountNameRequired') : undefined}
          {...register('bankAccountName')}
        />
        <SelectField
          label={t('accounts.currency')}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          {...register('currency')}
        />
        <SelectField
          label={t('accounts.mode')}
          options={HOUSE_ACCOUNT_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
          {...register('mode')}
        />
        <TextField
          label={t('accounts.dailyCap')}
          hint={t('accounts.dailyCapHint')}
          inputMode="decimal"
          error={formState.errors.dailyCap ? t('amountInvalid') : undefined}
          {...register('dailyCap')}
        />
        {editing && received !== null ? (
          <p className="text-xs text-slate-600" data-testid="form-received-today">
            {t('accounts.receivedTodayIs', { amount: money(received, editing.currency) })}
          </p>
        ) : null}
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
