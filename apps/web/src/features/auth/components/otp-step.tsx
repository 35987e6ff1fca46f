import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useVerifyOtp } from '../api/otp';

type OtpStepProps = {
  phone: string;
  otpRef: string;
  otpToken: string;
  resending: boolean;
  onVerified: () => void;
  onResend: () => void;
  onBack: () => void;
};

/** Step 2: the one-time code; moves on only when the server says it verifies. */
export function OtpStep({ phone, otpRef, otpToken, resending, onVerified, onResend, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const verify = useVerifyOtp();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ otpCode: string }>({ defaultValues: { otpCode: '' } });

  const onSubmit = handleSubmit(({ otpCode }) => {
    setServerError('');
    verify.mutate(
      { otpToken, otpCode: otpCode.trim() },
      { onSuccess: onVerified, onError: (err) => setServerError(errorText(t, err)) },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('register:steps.otp')}
      data-testid="register-step-2"
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-white/70">{t('register:otpSent', { phone })}</p>
      <p className="rounded-xl bg-ink-800 px-3 py-2 text-sm text-white/80">
        {t('register:otpRef')}:{' '}
        <span data-testid="otp-ref" className="font-mono font-semibold tracking-wider text-gold-300">
          {otpRef}
        </span>
      </p>
      <TextField
        label={t('register:otpCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        testId="register-otp-code"
        error={errors.otpCode?.message || serverError || undefined}
        {...register('otpCode', {
          required: t('validation.required'),
          validate: (v) => v.trim() !== '' || t('validation.required'),
        })}
      />
      <Button type="submit" block disabled={verify.isPending} data-testid="register-otp-verify">
        {t('register:verify')}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" onClick={onBack} className="text-white/60 hover:text-white">
          {t('actions.back')}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={resending}
          data-testid="register-otp-resend"
          className="text-gold-300 hover:underline disabled:opacity-50"
        >
          {t('register:resend')}
        </button>
      </div>
    </form>
  );
}
