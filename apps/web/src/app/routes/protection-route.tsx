// /user/protection: the member's own limits, breaks and reality check (features/protection).
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { ProtectionPage } from '../../features/protection/components/protection-page';

export function ProtectionRoute() {
  const { t } = useTranslation('protection');
  // A break revokes every session of the member: this one ends here too.
  const logout = useLogout();
  return (
    <Page title={t('title')} testId="protection-page">
      <ProtectionPage onExcluded={logout} />
    </Page>
  );
}
