import { ContentPage } from '../../features/content/components/content-page';
import { RequirePermission } from '../session';

export function ContentRoute() {
  return (
    <RequirePermission permission="settings.manage">
      <ContentPage />
    </RequirePermission>
  );
}
