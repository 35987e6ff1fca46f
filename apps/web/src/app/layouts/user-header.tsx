import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { LogoutIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { lookupQuery } from '../../lib/lookup-queries';

/** App name (GET /api/lookup/info), language dropdown, logout. */
export function UserHeader() {
  const { t } = useTranslation();
  const logout = useLogout();
  const info = useQuery(lookupQuery('info'));

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gold-700/30 bg-ink-950/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-md items-center justify-between gap-3 px-4">
        <span data-testid="app-name" className="truncate text-lg font-bold tracking-wide text-gold-300">
          {info.data?.name || t('app.name')}
        </span>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <button
            type="button"
            onClick={logout}
            aria-label={t('actions.logout')}
            title={t('actions.logout')}
            data-testid="logout"
            className="rounded-full p-2 text-white/70 hover:bg-white/10 hover:text-white"
          >
            <LogoutIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
