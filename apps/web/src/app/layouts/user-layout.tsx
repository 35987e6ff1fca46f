import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLink } from '../../components/ui/app-link';
import { ChatIcon, DocumentIcon, HomeIcon, ListIcon, UserIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { RealityCheckHost } from '../../features/protection/components/reality-check-host';
import { lazyScreen } from '../../lib/lazy-screen';
import { OnceOpened } from '../../lib/once-opened';
import { QueryProvider } from '../../lib/query-provider';
import { whenIdle } from '../../lib/when-idle';
import { BottomNav, NavButton, NavItem } from './bottom-nav';
import { UserHeader } from './user-header';

// Its code (and the HTML sanitiser) loads when the member first opens the conditions.
const ConditionsModal = lazyScreen(
  'conditions-modal',
  () => import('../../features/conditions/components/conditions-modal'),
  (m) => m.ConditionsModal,
);

// The live money socket and its code load once the first screen has painted and the browser is idle.
const MemberLive = lazyScreen(
  'member-live',
  () => import('../../features/live/components/member-live'),
  (m) => m.MemberLive,
);

function MemberLiveWhenIdle() {
  const [started, setStarted] = useState(false);
  useEffect(() => whenIdle(() => setStarted(true)), []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <MemberLive.Component />
    </Suspense>
  );
}

/** The reality check's dialog; Stop playing signs out. Inside the query provider, as logout needs it. */
function RealityCheck() {
  const logout = useLogout();
  return <RealityCheckHost onStop={logout} />;
}

/** The signed-in shell (docs/product.md §2.1): header, content, bottom menu with the big home button. */
export function UserLayout() {
  const { t } = useTranslation();
  const [conditionsOpen, setConditionsOpen] = useState(false);

  return (
    <QueryProvider>
      <div className="min-h-dvh pb-28">
        <UserHeader />
        <main className="mx-auto w-full max-w-md px-4 pt-18">
          <Outlet />
        </main>
        <BottomNav label={t('menu.label')}>
          <NavItem to="/user/profile" label={t('menu.profile')} icon={<UserIcon />} testId="menu-profile" />
          <NavButton
            label={t('menu.conditions')}
            icon={<DocumentIcon />}
            testId="menu-conditions"
            onClick={() => setConditionsOpen(true)}
          />
          <div className="flex flex-1 justify-center">
            <AppLink
              to="/user/home"
              aria-label={t('menu.home')}
              data-testid="menu-home"
              className="-mt-7 flex h-16 w-16 items-center justify-center rounded-full border-4 border-ink-950 bg-gradient-to-b from-gold-300 to-gold-600 text-ink-950 shadow-lg shadow-gold-900/40"
            >
              <HomeIcon size={28} />
            </AppLink>
          </div>
          <NavItem to="/user/statement" label={t('menu.statement')} icon={<ListIcon />} testId="menu-statement" />
          <NavItem to="/user/contact" label={t('menu.contact')} icon={<ChatIcon />} testId="menu-contact" />
        </BottomNav>
        <OnceOpened of={ConditionsModal} open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
        <RealityCheck />
        <MemberLiveWhenIdle />
      </div>
    </QueryProvider>
  );
}
