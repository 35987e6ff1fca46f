import { useParams } from 'react-router';
import { MemberPage } from '../../features/members/components/member-page';
import { ProtectionPanel } from '../../features/protection/components/protection-panel';
import { RequirePermission, useSignedInStaff } from '../session';

export function MemberRoute() {
  const staff = useSignedInStaff();
  const memberId = Number(useParams().memberId);
  return (
    <RequirePermission permission="members.read">
      <MemberPage
        key={memberId}
        memberId={memberId}
        permissions={staff.permissions}
        panels={
          staff.permissions.includes('protection.read') ? (
            <ProtectionPanel memberId={memberId} permissions={staff.permissions} />
          ) : null
        }
      />
    </RequirePermission>
  );
}
