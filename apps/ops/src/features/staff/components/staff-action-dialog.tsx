import type { StaffRole } from '@krapao/contracts/ops/roles';
import type { TStaff } from '@krapao/contracts/ops/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useChangeRole } from '../api/change-role';
import { useReEnrol } from '../api/re-enrol';
import { useSetStaffStatus } from '../api/set-status';
import { EnrolLink } from './enrol-link';

export type StaffAction = 'role' | 'disable' | 'enable' | 're-enrol';

type Props = { action: StaffAction; staff: TStaff; roles: readonly StaffRole[]; onClose: () => void };

/** One change to one account, with its reason; a re-enrolment then shows the new link once. */
export function StaffActionDialog({ action, staff, roles, onClose }: Props) {
  const { t } = useTranslation();
  const changeRole = useChangeRole();
  const setStatus = useSetStaffStatus();
  const reEnrol = useReEnrol();
  const [role, setRole] = useState<StaffRole>(staff.role);
  const mutation = action === 'role' ? changeRole : action === 're-enrol' ? reEnrol : setStatus;
  const close = { onSuccess: onClose };

  const onSubmit = (reason: string) => {
    const staffId = staff.id;
    if (action === 'role') changeRole.mutate({ staffId, role, reason }, close);
    else if (action === 're-enrol') reEnrol.mutate({ staffId, reason });
    else setStatus.mutate({ staffId, enable: action === 'enable', reason }, close);
  };

  const title = t(`staff.action.${action}`, { name: staff.displayName });
  if (reEnrol.data) {
    return (
      <Dialog title={title} onClose={onClose}>
        <div className="flex flex-col gap-4">
          <EnrolLink url={reEnrol.data.enrolUrl} />
          <Button onClick={onClose}>{t('done')}</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      {action === 're-enrol' ? <p className="mb-4 text-sm text-slate-700">{t('staff.reEnrolWarning')}</p> : null}
      <ReasonForm
        ns="common"
        reasonKeys={['staff.reason', 'validation.reason']}
        submitLabel={t(`staff.submit.${action}`)}
        danger={action === 'disable' || action === 're-enrol'}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={onSubmit}
        onCancel={onClose}
      >
        {action === 'role' ? (
          <SelectField
            label={t('staff.newRole')}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
            options={roles.map((value) => ({ value, label: t(`role.${value}`) }))}
          />
        ) : null}
      </ReasonForm>
    </Dialog>
  );
}
