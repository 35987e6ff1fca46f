import { STAFF_ROLES, type StaffRole } from '@krapao/contracts/ops/roles';
import type { TStaff } from '@krapao/contracts/ops/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useStaffList } from '../api/list-staff';
import { CreateStaffDialog } from './create-staff-dialog';
import { type StaffAction, StaffActionDialog } from './staff-action-dialog';
import { StaffTable } from './staff-table';

/** Owners and admins are managed only by those who may manage admins (ROLE_PERMISSIONS). */
export function assignableRoles(canManageAdmins: boolean): readonly StaffRole[] {
  return canManageAdmins ? STAFF_ROLES : STAFF_ROLES.filter((role) => role !== 'owner' && role !== 'admin');
}

type Open = { kind: 'create' } | { kind: 'action'; action: StaffAction; staff: TStaff } | null;

export function StaffManager({ meId, canManageAdmins }: { meId: number; canManageAdmins: boolean }) {
  const { t } = useTranslation();
  const list = useStaffList();
  const [open, setOpen] = useState<Open>(null);
  const roles = assignableRoles(canManageAdmins);
  const close = () => setOpen(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-slate-900">{t('nav.staff')}</h1>
        <Button onClick={() => setOpen({ kind: 'create' })} data-testid="staff-create">
          {t('staff.create')}
        </Button>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data ? (
        <StaffTable
          items={list.data.items}
          meId={meId}
          roles={roles}
          onAction={(action, staff) => setOpen({ kind: 'action', action, staff })}
        />
      ) : null}
      {open?.kind === 'create' ? <CreateStaffDialog roles={roles} onClose={close} /> : null}
      {open?.kind === 'action' ? (
        <StaffActionDialog action={open.action} staff={open.staff} roles={roles} onClose={close} />
      ) : null}
    </div>
  );
}
