import { SpinWheelPage } from '../../features/spin-wheel/components/spin-wheel-page';
import { RequirePermission } from '../session';

export function SpinWheelRoute() {
  return (
    <RequirePermission permission="settings.manage">
      <SpinWheelPage />
    </RequirePermission>
  );
}
