import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lockScroll } from '../../lib/scroll-lock';
import { CloseIcon } from './icons';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** alertdialog for confirmations and alerts. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
};

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg' } as const;

export function Modal({ open, onClose, title, children, footer, testId, role = 'dialog', size = 'md' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    // Focus moves into the dialog and back to where it was when the dialog closes.
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      returnFocus?.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center">
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-black/70"
        onClick={onClose}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog. */}
      <div
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        data-testid={testId}
        ref={panelRef}
        tabIndex={-1}
        className={`relative flex max-h-[90dvh] w-full ${WIDTHS[size]} flex-col overflow-hidden rounded-2xl outline-none border border-gold-700/40 bg-ink-900 shadow-2xl shadow-black/60`}
      >
        <div className="flex items-center justify-between gap-3 border-b border-white/5 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold text-gold-300">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('actions.close')}
            className="rounded-full p-1 text-white/60 hover:bg-white/10 hover:text-white"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="overflow-y-auto px-4 py-4">{children}</div>
        {footer ? <div className="flex gap-2 border-t border-white/5 px-4 py-3">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
