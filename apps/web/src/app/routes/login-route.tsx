import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { Card, useDocumentTitle } from '../../components/ui/page';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <LanguageSwitch />
      </div>
      <div className="flex flex-col items-center gap-2 pt-2 text-center">
        <img src="/logo.svg" alt={t('app.name')} width={220} height={56} className="h-14 w-auto" />
        <h1 className="text-2xl font-bold text-gold-300">{t('login.title')}</h1>
        <p className="text-sm text-white/60">{t('login.subtitle')}</p>
      </div>
      <Card>
        <LoginForm />
      </Card>
    </div>
  );
}
