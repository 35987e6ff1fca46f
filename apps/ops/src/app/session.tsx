// The signed-in staff member, for everything inside the shell. RequireStaff renders its children only
// once GET opsPaths.me has answered, and sends a signed-out browser to the sign-in page.
import type { TStaffMe } from '@krapao/contracts/ops/auth';
import type { Permission } from '@krapao/contracts/ops/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/spinner';
import { useMe } from '../features/auth/api/get-me';
import { LOGIN_PATH } from '../lib/api-client';
import { ApiError, errorText } from '../lib/api-error';

export function useSignedInStaff(): TStaffMe {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInStaff outside RequireStaff');
  return data.staff;
}

export function RequireStaff({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Loading />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
    }
    return (
      <div className="mx-auto flex max-w-md flex-col gap-3 p-6">
        <Alert>{errorText(t, me.error)}</Alert>
        <Button variant="secondary" onClick={() => void me.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return children;
}

/** A page the role may not use says so instead of calling the server for an OPS_FORBIDDEN. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  if (!staff.permissions.includes(permission)) return <Alert>{t('errors:OPS_FORBIDDEN')}</Alert>;
  return children;
}
