import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/ui/app-link';
import { Page } from '../../components/ui/page';
import { ProfileView } from '../../features/account/components/profile-view';

export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('profile:title')} testId="profile-page">
      <ProfileView />
      <AppLink
        to="/user/protection"
        data-testid="profile-protection"
        className="rounded-2xl border border-gold-700/25 bg-ink-900/80 px-4 py-3 text-sm font-semibold text-gold-200 hover:border-gold-400/60"
      >
        {t('menu.protection')}
      </AppLink>
    </Page>
  );
}
