import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { setToken } from '../../../lib/storage';
import { login } from '../api/login';

type LoginValues = { username: string; password: string; remember: boolean };

/** Phone + password (both required: no call when either is empty), remember-me (spec §2, §5). */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { username: '', password: '', remember: false } });

  const onSubmit = handleSubmit(async ({ username, password, remember }) => {
    setPending(true);
    try {
      const { token } = await login({ username: username.trim(), password }, newIdempotencyKey());
      setToken(token, remember);
      navigate('/user', { replace: true });
    } catch (err) {
      toast.danger(errorText(t, err));
      setPending(false);
    }
  });

  const required = { value: true, message: t('validation.required') };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form" className="flex flex-col gap-4">
      <TextField
        label={t('login.username')}
        placeholder={t('login.usernamePlaceholder')}
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        testId="login-username"
        error={errors.username?.message}
        {...register('username', { required, validate: (v) => v.trim() !== '' || t('validation.required') })}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        testId="login-password"
        error={errors.password?.message}
        {...register('password', { required })}
      />
      <label className="flex items-center gap-2 text-sm text-white/80">
        <input
          type="checkbox"
          data-testid="login-remember"
          className="h-4 w-4 accent-gold-400"
          {...register('remember')}
        />
        {t('login.remember')}
      </label>
      <Button type="submit" block disabled={pending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <p className="text-center text-sm text-white/60">
        {t('login.noAccount')}{' '}
        <Link
          to="/register"
          data-testid="login-register-link"
          className="font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('login.registerLink')}
        </Link>
      </p>
    </form>
  );
}
