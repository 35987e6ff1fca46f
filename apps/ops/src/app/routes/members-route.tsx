import { MemberSearch } from '../../features/members/components/member-search';
import { RequirePermission } from '../session';

export function MembersRoute() {
  return (
    <RequirePermission permission="members.read">
      <MemberSearch />
    </RequirePermission>
  );
}
