// /user/bonus (docs/product.md §2.8): title, the active bonus or the promotion code field, the bonus cards, the rules.
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { BonusGrid } from '../../features/bonus/components/bonus-grid';
import { BonusRules } from '../../features/bonus/components/bonus-rules';
import { BonusStatus } from '../../features/bonus/components/bonus-status';

export function BonusRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.bonus')} testId="bonus-page">
      <BonusStatus />
      <BonusGrid />
      <BonusRules />
    </Page>
  );
}
