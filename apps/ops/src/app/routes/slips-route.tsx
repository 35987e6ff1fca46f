import { SlipsQueue } from '../../features/slips/components/slips-queue';
import { RequirePermission } from '../session';

export function SlipsRoute() {
  return (
    <RequirePermission permission="slips.review">
      <SlipsQueue />
    </RequirePermission>
  );
}
