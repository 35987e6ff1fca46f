import type { StaffRole } from '@krapao/contracts/ops/roles';
import type { TStaff } from '@krapao/contracts/ops/staff';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import type { StaffAction } from './staff-action-dialog';

const STATUS_STYLE: Record<TStaff['status'], string> = {
  active: 'bg-teal-100 text-teal-900',
  enrolling: 'bg-amber-100 text-amber-900',
  disabled: 'bg-slate-200 text-slate-700',
};

type Props = {
  items: readonly TStaff[];
  meId: number;
  /** The roles this staff member may hand out: rows of other roles are read-only. */
  roles: readonly StaffRole[];
  onAction: (action: StaffAction, staff: TStaff) => void;
};

function actionsFor(staff: TStaff): StaffAction[] {
  if (staff.status === 'disabled') return ['enable'];
  return ['role', 're-enrol', 'disable'];
}

export function StaffTable({ items, meId, roles, onAction }: Props) {
  const { t, i18n } = useTranslation();
  // relative: the header's sr-only text stays inside the scrolling box instead of widening the page.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            <th className="px-3 py-2 font-medium">{t('staff.name')}</th>
            <th className="px-3 py-2 font-medium">{t('staff.role')}</th>
            <th className="px-3 py-2 font-medium">{t('staff.status')}</th>
            <th className="px-3 py-2 font-medium">{t('staff.lastSignIn')}</th>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">{t('staff.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((staff) => {
            const editable = staff.id !== meId && roles.includes(staff.role);
            return (
              <tr key={staff.id} data-testid={`staff-row-${staff.username}`}>
                <td className="px-3 py-2">
                  <div className="font-medium text-slate-900">{staff.displayName}</div>
                  <div className="text-xs text-slate-500">{staff.username}</div>
                </td>
                <td className="px-3 py-2">{t(`role.${staff.role}`)}</td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[staff.status]}`}
                  >
                    {t(`staff.statusName.${staff.status}`)}
                  </span>
                </td>
                <td className="px-3 py-2 text-slate-600">{formatDateTime(staff.lastSignInAt, i18n.language)}</td>
                <td className="px-3 py-2">
                  {editable ? (
                    <div className="flex flex-wrap justify-end gap-1">
                      {actionsFor(staff).map((action) => (
                        <Button key={action} variant="secondary" small onClick={() => onAction(action, staff)}>
                          {t(`staff.button.${action}`)}
                        </Button>
                      ))}
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
