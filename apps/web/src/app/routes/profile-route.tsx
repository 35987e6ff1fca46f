import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ProfileView } from '../../features/account/components/profile-view';

export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('profile.title')} testId="profile-page">
      <ProfileView />
    </Page>
  );
}
