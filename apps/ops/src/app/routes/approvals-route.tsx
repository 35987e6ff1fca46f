import { ApprovalsQueue } from '../../features/approvals/components/approvals-queue';
import { RequirePermission, useSignedInStaff } from '../session';

export function ApprovalsRoute() {
  const staff = useSignedInStaff();
  return (
    <RequirePermission permission="money.adjust.approve">
      <ApprovalsQueue meId={staff.id} permissions={staff.permissions} />
    </RequirePermission>
  );
}
