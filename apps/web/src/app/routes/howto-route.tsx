import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { HowtoList } from '../../features/howto/components/howto-list';
import { QueryProvider } from '../../lib/query-provider';

/** A public screen: it brings its own query client, as the login route ships without one. */
export function HowtoRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('howto.title')} testId="howto-page">
      <QueryProvider>
        <HowtoList />
      </QueryProvider>
    </Page>
  );
}
