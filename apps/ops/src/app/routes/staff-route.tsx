import { StaffManager } from '../../features/staff/components/staff-manager';
import { RequirePermission, useSignedInStaff } from '../session';

export function StaffRoute() {
  const staff = useSignedInStaff();
  return (
    <RequirePermission permission="staff.manage">
      <StaffManager meId={staff.id} canManageAdmins={staff.permissions.includes('staff.manage-admins')} />
    </RequirePermission>
  );
}
