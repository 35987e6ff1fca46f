import { GamesCatalogue } from '../../features/games/components/games-catalogue';
import { RequirePermission } from '../session';

export function GamesRoute() {
  return (
    <RequirePermission permission="settings.manage">
      <GamesCatalogue />
    </RequirePermission>
  );
}
