import { CURRENCIES } from '@krapao/contracts/constants';
import { BANK_ACCOUNT_NO_PATTERN, bankAccountNameError } from '@krapao/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { env } from '../../../lib/env';
import { lookupQuery } from '../../../lib/lookup-queries';
import { type BankValues, depositLimitValid } from '../lib/register-flow';

type BankStepProps = {
  defaults: BankValues;
  busy: boolean;
  onSubmit: (values: BankValues) => void;
  onBack: () => void;
};

const upperCase = (event: ChangeEvent<HTMLInputElement>) => {
  event.target.value = event.target.value.toUpperCase();
};

/** Step 4: bank, first and last name (upper case), account number, Laos currency, an optional deposit limit. */
export function BankStep({ defaults, busy, onSubmit, onBack }: BankStepProps) {
  const { t } = useTranslation();
  const banks = useQuery(lookupQuery('banks'));
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<BankValues>({ defaultValues: defaults });

  const required = (v: string) => v.trim() !== '' || t('validation.required');
  const nameRule = (v: string) => {
    if (v.trim() === '') return t('validation.required');
    return bankAccountNameError(getValues('bankCode'), v.trim()) ? t('validation.englishOnly') : true;
  };
  const firstName = register('firstName', { validate: nameRule });
  const lastName = register('lastName', { validate: nameRule });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={t('register:steps.bank')}
      data-testid="register-step-4"
      className="flex flex-col gap-4"
    >
      <Select
        label={t('register:bank')}
        placeholder={t('register:bankPlaceholder')}
        testId="register-bank"
        error={errors.bankCode?.message}
        options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.nameTH }))}
        {...register('bankCode', { validate: required, deps: ['firstName', 'lastName'] })}
      />
      <p
        data-testid="register-bank-hint"
        className="rounded-xl border border-gold-500/30 bg-gold-500/10 px-3 py-2 text-xs text-gold-100"
      >
        {t('register:bankHint')}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('register:firstName')}
          autoCapitalize="characters"
          className="uppercase"
          testId="register-first-name"
          error={errors.firstName?.message}
          {...firstName}
          onChange={(e) => {
            upperCase(e);
            return firstName.onChange(e);
          }}
        />
        <TextField
          label={t('register:lastName')}
          autoCapitalize="characters"
          className="uppercase"
          testId="register-last-name"
          error={errors.lastName?.message}
          {...lastName}
          onChange={(e) => {
            upperCase(e);
            return lastName.onChange(e);
          }}
        />
      </div>
      <TextField
        label={t('register:accountNo')}
        inputMode="numeric"
        testId="register-account-no"
        error={errors.bankAccountNo?.message}
        {...register('bankAccountNo', {
          validate: (v) =>
            v.trim() === ''
              ? t('validation.required')
              : BANK_ACCOUNT_NO_PATTERN.test(v.trim()) || t('validation.accountNo'),
        })}
      />
      {env.isLaos ? (
        <Select
          label={t('register:currency')}
          testId="register-currency"
          options={CURRENCIES.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
          {...register('currency')}
        />
      ) : null}
      <TextField
        label={t('register:depositLimit')}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0.00"
        hint={t('register:depositLimitHint')}
        testId="register-deposit-limit"
        error={errors.depositLimitDay?.message}
        {...register('depositLimitDay', {
          validate: (v) => depositLimitValid(v, getValues('currency')) || t('register:depositLimitInvalid'),
        })}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="register-submit">
          {t('register:submit')}
        </Button>
      </div>
    </form>
  );
}
