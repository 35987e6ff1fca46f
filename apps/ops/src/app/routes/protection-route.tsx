import { ProtectionReport } from '../../features/protection/components/protection-report';
import { RequirePermission } from '../session';

export function ProtectionRoute() {
  return (
    <RequirePermission permission="protection.read">
      <ProtectionReport />
    </RequirePermission>
  );
}
