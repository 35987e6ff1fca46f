import { WithdrawalsQueue } from '../../features/withdrawals/components/withdrawals-queue';
import { RequirePermission, useSignedInStaff } from '../session';

export function WithdrawalsRoute() {
  const staff = useSignedInStaff();
  return (
    <RequirePermission permission="withdrawals.review">
      <WithdrawalsQueue permissions={staff.permissions} />
    </RequirePermission>
  );
}
