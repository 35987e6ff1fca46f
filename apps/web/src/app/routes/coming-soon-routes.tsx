// Frames for the member screens that later work fills in: title and layout, no data yet.
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../components/ui/page';

function ComingSoon({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)} testId={testId}>
      <Card>
        <p className="text-center text-sm text-white/60">{t('comingSoon')}</p>
      </Card>
    </Page>
  );
}

export const BonusRoute = () => <ComingSoon titleKey="pages.bonus" testId="bonus-page" />;
export const SpinRoute = () => <ComingSoon titleKey="pages.spin" testId="spin-page" />;
