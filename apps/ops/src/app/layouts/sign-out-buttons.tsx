import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useLogout } from '../../features/auth/api/logout';
import { LOGIN_PATH } from '../../lib/api-client';
import { errorText } from '../../lib/api-error';

/** Sign out here, or end every session of this staff member (a lost phone, a shared computer). */
export function SignOutButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [confirmAll, setConfirmAll] = useState(false);
  const signOut = (everywhere: boolean) =>
    logout.mutate(everywhere, { onSuccess: () => navigate(LOGIN_PATH, { replace: true }) });
  return (
    <>
      <Button
        variant="ghost"
        small
        onClick={() => signOut(false)}
        disabled={logout.isPending}
        data-testid="ops-sign-out"
      >
        {t('header.signOut')}
      </Button>
      <Button variant="ghost" small onClick={() => setConfirmAll(true)} data-testid="ops-sign-out-all">
        {t('header.signOutAll')}
      </Button>
      {confirmAll ? (
        <Dialog title={t('header.signOutAll')} onClose={() => setConfirmAll(false)}>
          <p className="mb-4 text-sm text-slate-700">{t('header.signOutAllText')}</p>
          {logout.isError ? <Alert>{errorText(t, logout.error)}</Alert> : null}
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirmAll(false)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" onClick={() => signOut(true)} disabled={logout.isPending}>
              {t('header.signOutAll')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
