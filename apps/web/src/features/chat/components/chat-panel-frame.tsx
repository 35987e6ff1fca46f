import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';

/** The expanded widget: full screen on a phone, a floating panel on wider screens. */
export function ChatPanelFrame({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <section
      role="dialog"
      aria-label={t('title')}
      data-testid="chat-panel"
      className={`${isOpen ? 'flex' : 'hidden'} fixed inset-0 z-[60] flex-col bg-ink-950 sm:inset-auto sm:right-4 sm:bottom-4 sm:h-[min(640px,calc(100dvh-2rem))] sm:w-[380px] sm:overflow-hidden sm:rounded-2xl sm:border sm:border-gold-500/30 sm:shadow-2xl`}
    >
      <header className="flex items-center gap-3 border-b border-white/10 bg-ink-900 px-4 py-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-b from-gold-300 to-gold-600 text-ink-950">
          <ChatIcon size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-gold-200">{t('title')}</h2>
          <p className="flex items-center gap-1.5 text-[11px] text-white/55">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-400" />
            {t('subtitle')}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          data-testid="chat-close"
          aria-label={t('close')}
          className="flex h-9 w-9 items-center justify-center rounded-full text-white/70 hover:bg-white/5 hover:text-white"
        >
          <CloseIcon />
        </button>
      </header>
      {children}
    </section>
  );
}
