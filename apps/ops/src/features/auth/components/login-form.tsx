import { ZOpsLoginRequest } from '@krapao/contracts/ops/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useLogin } from '../api/login';

/** Username, password and the authenticator's 6-digit code; `onSignedIn` runs once the session exists. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZOpsLoginRequest),
    defaultValues: { username: '', password: '', code: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" data-testid="ops-login">
      <TextField
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username ? t('validation.username') : undefined}
        {...register('username')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password ? t('validation.required') : undefined}
        {...register('password')}
      />
      <TextField
        label={t('login.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code ? t('validation.code') : undefined}
        {...register('code')}
      />
      {login.isError ? <Alert>{errorText(t, login.error)}</Alert> : null}
      <Button type="submit" disabled={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
