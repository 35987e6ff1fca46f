import { STAFF_PASSWORD_MIN_LENGTH, ZStaffPassword, ZTotpCode } from '@krapao/contracts/ops/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useEnrol } from '../api/enrol';

const ZEnrolForm = z
  .object({ password: ZStaffPassword, confirm: z.string(), code: ZTotpCode })
  .refine((v) => v.password === v.confirm, { path: ['confirm'] });

/** The new password twice and the authenticator's first code; success signs the staff member in. */
export function EnrolForm({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const enrol = useEnrol(token);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZEnrolForm),
    defaultValues: { password: '', confirm: '', code: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(({ password, code }) => enrol.mutate({ password, code }, { onSuccess: onSignedIn }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('enrol.password')}
        type="password"
        autoComplete="new-password"
        hint={t('enrol.passwordHint', { min: STAFF_PASSWORD_MIN_LENGTH })}
        error={errors.password ? t('validation.password', { min: STAFF_PASSWORD_MIN_LENGTH }) : undefined}
        {...register('password')}
      />
      <TextField
        label={t('enrol.confirm')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm ? t('validation.confirm') : undefined}
        {...register('confirm')}
      />
      <TextField
        label={t('enrol.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code ? t('validation.code') : undefined}
        {...register('code')}
      />
      {enrol.isError ? <Alert>{errorText(t, enrol.error)}</Alert> : null}
      <Button type="submit" disabled={enrol.isPending}>
        {t('enrol.submit')}
      </Button>
    </form>
  );
}
