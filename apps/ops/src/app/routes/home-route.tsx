import { useTranslation } from 'react-i18next';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import { RoleQueues } from '../../features/home/components/role-queues';
import { useSignedInStaff } from '../session';

/** The greeting, then the dashboard for a role that may read it, else the names of the role's queues. */
export function HomeRoute() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const hasDashboard = staff.permissions.includes('dashboard.read');
  return (
    <div className={`flex flex-col gap-4 ${hasDashboard ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <h1 className="text-xl font-semibold text-slate-900">{t('home.title')}</h1>
      <p className="text-sm text-slate-700" data-testid="home-who">
        {t('home.signedInAs', { name: staff.displayName, username: staff.username, role: t(`role.${staff.role}`) })}
      </p>
      {hasDashboard ? (
        <Dashboard />
      ) : (
        <>
          <h2 className="text-sm font-semibold text-slate-900">{t('home.queues')}</h2>
          <RoleQueues permissions={staff.permissions} />
        </>
      )}
    </div>
  );
}
