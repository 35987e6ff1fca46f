// /user/spin (docs/product.md §2.10): the spin wheel and the member's coupons.
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { CouponSection } from '../../features/spin/components/coupon-section';
import { SpinPanel } from '../../features/spin/components/spin-panel';

export function SpinRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.spin')} testId="spin-page">
      <SpinPanel />
      <CouponSection />
    </Page>
  );
}
