import { TransfersQueue } from '../../features/transfers/components/transfers-queue';
import { RequirePermission } from '../session';

export function TransfersRoute() {
  return (
    <RequirePermission permission="transfers.settle">
      <TransfersQueue />
    </RequirePermission>
  );
}
