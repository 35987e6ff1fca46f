import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { visibleNavItems } from '../nav-items';

type SideNavProps = { permissions: readonly string[]; onNavigate?: () => void };

/** The pages this role may use, and nothing else. */
export function SideNav({ permissions, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} data-testid="ops-nav">
      <ul className="flex flex-col gap-1">
        {visibleNavItems(permissions).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium ${
                  isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
