import { DepositsQueue } from '../../features/deposits/components/deposits-queue';
import { RequirePermission } from '../session';

export function DepositsRoute() {
  return (
    <RequirePermission permission="deposits.assign">
      <DepositsQueue />
    </RequirePermission>
  );
}
