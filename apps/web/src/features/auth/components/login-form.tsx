import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { setToken } from '../../../lib/storage';
import { login } from '../api/login';

type LoginErrors = { username?: string; password?: string };

/**
 * Phone + password (both required: no call when either is empty), remember-me (docs/product.md §2.2). A plain
 * controlled form: two required fields do not need a form library on the lightest route (decision 033).
 * As before (react-hook-form's defaults): fields are checked on submit, then on every change after one;
 * the first invalid field takes the focus.
 */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const check = (): LoginErrors => ({
    username: username.trim() === '' ? t('validation.required') : undefined,
    password: password === '' ? t('validation.required') : undefined,
  });
  const errors: LoginErrors = submitted ? check() : {};

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const found = check();
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setPending(true);
    try {
      const { token } = await login({ username: username.trim(), password }, newIdempotencyKey());
      setToken(token, remember);
      navigate('/user', { replace: true });
    } catch (err) {
      // The error catalogue is not part of the login screen's boot; it loads with the first error.
      await i18n.loadNamespaces('errors').catch(() => {});
      toast.danger(errorText(t, err));
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('login.title')}
      data-testid="login-form"
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('login.username')}
        placeholder={t('login.usernamePlaceholder')}
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        testId="login-username"
        error={errors.username}
        ref={usernameRef}
        name="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        testId="login-password"
        error={errors.password}
        ref={passwordRef}
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm text-white/80">
        <input
          type="checkbox"
          data-testid="login-remember"
          className="h-4 w-4 accent-gold-400"
          name="remember"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        {t('login.remember')}
      </label>
      <Button type="submit" block disabled={pending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <p className="text-center text-sm text-white/60">
        {t('login.noAccount')}{' '}
        <AppLink
          to="/register"
          data-testid="login-register-link"
          className="font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('login.registerLink')}
        </AppLink>
      </p>
    </form>
  );
}
