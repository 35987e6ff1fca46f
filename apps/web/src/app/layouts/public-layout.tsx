import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ChatIcon, LoginIcon, PlayIcon, UserPlusIcon } from '../../components/ui/icons';
import { clearToken, hasToken } from '../../lib/storage';
import { BottomNav, NavItem } from './bottom-nav';

/** The logged-out shell. Mounting it ends any remembered session. */
export function PublicLayout() {
  const { t } = useTranslation();

  useEffect(() => {
    if (hasToken()) clearToken();
  }, []);

  return (
    <div className="min-h-dvh pb-24">
      <main className="mx-auto w-full max-w-md px-4 pt-6">
        <Outlet />
      </main>
      <BottomNav label={t('menu.label')}>
        <NavItem to="/login" label={t('menu.login')} icon={<LoginIcon />} testId="menu-login" />
        <NavItem to="/register" label={t('menu.register')} icon={<UserPlusIcon />} testId="menu-register" />
        <NavItem to="/howto" label={t('menu.howto')} icon={<PlayIcon />} testId="menu-howto" />
        <NavItem to="/contact" label={t('menu.contact')} icon={<ChatIcon />} testId="menu-contact" />
      </BottomNav>
    </div>
  );
}
