import { phoneError } from '@krapao/contracts/rules';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { codeText } from '../../../lib/api-error';
import { env } from '../../../lib/env';

type PhoneStepProps = { defaultPhone: string; busy: boolean; onNext: (phone: string) => void };

/** Step 1: the phone number, which is also the username. */
export function PhoneStep({ defaultPhone, busy, onNext }: PhoneStepProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ phone: string }>({ defaultValues: { phone: defaultPhone } });

  const onSubmit = handleSubmit(({ phone }) => onNext(phone.trim()));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('register:steps.phone')}
      data-testid="register-step-1"
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('register:phone')}
        placeholder={t('register:phonePlaceholder')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        testId="register-phone"
        error={errors.phone?.message}
        {...register('phone', {
          validate: (value) => {
            const code = phoneError(value.trim(), env.isLaos);
            return code ? codeText(t, code) : true;
          },
        })}
      />
      <Button type="submit" block disabled={busy} data-testid="register-next">
        {t('actions.next')}
      </Button>
    </form>
  );
}
