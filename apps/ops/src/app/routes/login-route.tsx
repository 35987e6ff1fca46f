import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { LoginForm } from '../../features/auth/components/login-form';

/** Only paths inside the console are followed after sign-in. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export function PublicFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 px-4 py-8">
      <div className="flex items-center justify-between">
        <span className="font-semibold text-teal-800">{t('appName')}</span>
        <LanguageSwitch />
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="mb-4 text-lg font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const queryClient = useQueryClient();
  // Arriving here ends what the browser knew of the last session (signed out, or the server said so).
  useEffect(() => {
    queryClient.removeQueries();
  }, [queryClient]);
  return (
    <PublicFrame title={t('login.title')}>
      <LoginForm onSignedIn={() => navigate(returnPath(state), { replace: true })} />
    </PublicFrame>
  );
}
