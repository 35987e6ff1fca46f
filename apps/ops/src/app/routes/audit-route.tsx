import { useSearchParams } from 'react-router';
import type { AuditFilters } from '../../features/audit/api/get-audit';
import { filtersOf } from '../../features/audit/components/audit-filters';
import { AuditTrail } from '../../features/audit/components/audit-trail';
import { RequirePermission } from '../session';

const KEYS = ['memberId', 'staffId', 'objectType', 'objectId'] as const;

/** The filters live in the address, so a filtered trail can be shared and the back button undoes a filter. */
export function AuditRoute() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf({
    memberId: params.get('memberId') ?? '',
    staffId: params.get('staffId') ?? '',
    objectType: params.get('objectType') ?? '',
    objectId: params.get('objectId') ?? '',
  });
  const apply = (next: AuditFilters) => {
    const search = new URLSearchParams();
    for (const key of KEYS) if (next[key] !== undefined) search.set(key, String(next[key]));
    setParams(search);
  };
  return (
    <RequirePermission permission="audit.read">
      <AuditTrail filters={filters} onFilters={apply} />
    </RequirePermission>
  );
}
