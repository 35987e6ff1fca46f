import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/ui/app-link';
import { Card, Page } from '../../components/ui/page';
import { RegisterWizard } from '../../features/auth/components/register-wizard';
import { QueryProvider } from '../../lib/query-provider';
import { getInviterCode, setInviterCode } from '../../lib/storage';

/** ?code= is saved as the inviter code; once saved it fixes the inviter field (docs/product.md §2.3). */
function useInviterCode(): string | null {
  const [params] = useSearchParams();
  const [code] = useState(() => {
    const fromUrl = params.get('code');
    if (fromUrl?.trim()) setInviterCode(fromUrl);
    return getInviterCode();
  });
  return code;
}

export function RegisterRoute() {
  const { t } = useTranslation();
  const inviterCode = useInviterCode();
  return (
    <Page title={t('register:title')} testId="register-page">
      <Card>
        <QueryProvider>
          <RegisterWizard inviterCode={inviterCode} />
        </QueryProvider>
      </Card>
      <p className="text-center text-sm text-white/60">
        {t('register:haveAccount')}{' '}
        <AppLink to="/login" className="font-semibold text-gold-300 hover:underline">
          {t('register:loginLink')}
        </AppLink>
      </p>
    </Page>
  );
}
