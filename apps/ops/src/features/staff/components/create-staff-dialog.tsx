import type { StaffRole } from '@krapao/contracts/ops/roles';
import { ZStaffCreateRequest } from '@krapao/contracts/ops/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useCreateStaff } from '../api/create-staff';
import { EnrolLink } from './enrol-link';

type Props = { roles: readonly StaffRole[]; onClose: () => void };

/** A new staff account; its one-time enrolment link shows here once. */
export function CreateStaffDialog({ roles, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZStaffCreateRequest),
    defaultValues: { username: '', displayName: '', role: roles[roles.length - 1] ?? 'support' },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => create.mutate(values));

  return (
    <Dialog title={t('staff.create')} onClose={onClose}>
      {create.data ? (
        <div className="flex flex-col gap-4">
          <EnrolLink url={create.data.enrolUrl} />
          <Button onClick={onClose}>{t('done')}</Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <TextField
            label={t('staff.username')}
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username ? t('validation.username') : undefined}
            {...register('username')}
          />
          <TextField
            label={t('staff.displayName')}
            error={errors.displayName ? t('validation.required') : undefined}
            {...register('displayName')}
          />
          <SelectField
            label={t('staff.role')}
            options={roles.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            {...register('role')}
          />
          {create.isError ? <Alert>{errorText(t, create.error)}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {t('staff.createSubmit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
