import type { ReactNode } from 'react';
import { AppLink, useIsActive } from '../../components/ui/app-link';

const ITEM = 'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-[11px] font-medium transition';

type NavItemProps = { to: string; label: string; icon: ReactNode; testId: string; end?: boolean };

export function NavItem({ to, label, icon, testId, end }: NavItemProps) {
  const isActive = useIsActive(to, end);
  return (
    <AppLink
      to={to}
      aria-current={isActive ? 'page' : undefined}
      data-testid={testId}
      className={`${ITEM} ${isActive ? 'text-gold-300' : 'text-white/55 hover:text-white/85'}`}
    >
      {icon}
      <span className="whitespace-nowrap">{label}</span>
    </AppLink>
  );
}

type NavButtonProps = { label: string; icon: ReactNode; testId: string; onClick: () => void };

export function NavButton({ label, icon, testId, onClick }: NavButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className={`${ITEM} text-white/55 hover:text-white/85`}
    >
      {icon}
      <span className="whitespace-nowrap">{label}</span>
    </button>
  );
}

export function BottomNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gold-700/30 bg-ink-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-md items-end px-2">{children}</div>
    </nav>
  );
}
