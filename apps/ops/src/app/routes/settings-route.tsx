import { SettingsPage } from '../../features/settings/components/settings-page';
import { RequirePermission } from '../session';

export function SettingsRoute() {
  return (
    <RequirePermission permission="settings.manage">
      <SettingsPage />
    </RequirePermission>
  );
}
