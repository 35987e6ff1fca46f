import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { HowtoList } from '../../features/howto/components/howto-list';

export function HowtoRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('howto.title')} testId="howto-page">
      <HowtoList />
    </Page>
  );
}
