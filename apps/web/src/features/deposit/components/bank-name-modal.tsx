import { bankAccountNameError, joinBankAccountName } from '@krapao/contracts/rules';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useUpdateBankAccountName } from '../api/update-bank-account-name';

type Values = { firstName: string; lastName: string };
const EMPTY: Values = { firstName: '', lastName: '' };

type BankNameModalProps = { open: boolean; bankCode: string; onClose: () => void; onSaved: () => void };

const upperCase = (event: ChangeEvent<HTMLInputElement>) => {
  event.target.value = event.target.value.toUpperCase();
};

/** The English account name for KTB / TMB / BBL members (docs/product.md §2.7): letters and spaces, upper case. */
export function BankNameModal({ open, bankCode, onClose, onSaved }: BankNameModalProps) {
  const { t } = useTranslation();
  const mutation = useUpdateBankAccountName();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: EMPTY });

  const nameRule = (value: string) => {
    if (value.trim() === '') return t('validation.required');
    return bankAccountNameError(bankCode, value.trim()) ? t('validation.englishOnly') : true;
  };
  const upper = (name: keyof Values) => {
    const field = register(name, { validate: nameRule });
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        upperCase(event);
        return field.onChange(event);
      },
    };
  };

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(({ firstName, lastName }) => {
    if (mutation.isPending) return;
    const body = { bankCode, bankAccountName: joinBankAccountName(firstName, lastName) };
    mutation.mutate(body, {
      onSuccess: () => {
        reset(EMPTY);
        onSaved();
      },
      onError: (err) => toast.danger(errorText(t, err)),
    });
  });

  return (
    <Modal open={open} onClose={close} title={t('editBankName.title')} testId="bank-name-modal" size="sm">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-white/70">{t('editBankName.description')}</p>
        <TextField
          label={t('editBankName.firstName')}
          autoCapitalize="characters"
          autoComplete="off"
          className="uppercase"
          testId="bank-name-first"
          error={errors.firstName?.message}
          {...upper('firstName')}
        />
        <TextField
          label={t('editBankName.lastName')}
          autoCapitalize="characters"
          autoComplete="off"
          className="uppercase"
          testId="bank-name-last"
          error={errors.lastName?.message}
          {...upper('lastName')}
        />
        <Button type="submit" block disabled={mutation.isPending} data-testid="bank-name-save">
          {t('editBankName.save')}
        </Button>
      </form>
    </Modal>
  );
}
