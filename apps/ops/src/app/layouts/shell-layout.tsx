import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { LiveStatusDot } from '../../components/live-status';
import { Loading } from '../../components/ui/spinner';
import { useOpsLive } from '../../lib/live';
import { RequireStaff, useSignedInStaff } from '../session';
import { SideNav } from './side-nav';
import { SignOutButtons } from './sign-out-buttons';

function Shell() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const [menuOpen, setMenuOpen] = useState(false);
  const live = useOpsLive();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 md:px-5">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-2 py-1 text-sm md:hidden"
          aria-expanded={menuOpen}
          aria-controls="ops-side"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('header.menu')}
        </button>
        <span className="font-semibold text-teal-800">{t('appName')}</span>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <LiveStatusDot status={live} />
          <span className="text-sm text-slate-800" data-testid="ops-staff-name">
            {staff.displayName}
            <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {t(`role.${staff.role}`)}
            </span>
          </span>
          <LanguageSwitch />
          <SignOutButtons />
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <aside
          id="ops-side"
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white p-3 md:block md:w-56 md:shrink-0 md:border-r md:border-b-0`}
        >
          <SideNav permissions={staff.permissions} onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main className="min-w-0 flex-1 p-3 md:p-6">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** The signed-in console: header, the role's navigation, the page. */
export function ShellLayout() {
  return (
    <RequireStaff>
      <Shell />
    </RequireStaff>
  );
}
