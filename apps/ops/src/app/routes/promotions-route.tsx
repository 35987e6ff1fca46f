import { BannersSection } from '../../features/banners/components/banners-section';
import { PromotionsPage } from '../../features/promotions/components/promotions-page';
import { RequirePermission } from '../session';

export function PromotionsRoute() {
  return (
    <RequirePermission permission="settings.manage">
      <PromotionsPage>
        <BannersSection />
      </PromotionsPage>
    </RequirePermission>
  );
}
