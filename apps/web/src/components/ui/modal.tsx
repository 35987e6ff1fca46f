import { type MouseEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
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

/**
 * A native modal <dialog>: showModal puts it in the top layer, makes the page beneath inert and
 * keeps Tab inside it. Escape sends `cancel` to the top dialog only, so only that one closes.
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  onClose,
  title,
  children,
  footer,
  testId,
  role = 'dialog',
  size = 'md',
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dialogRef = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const unlock = lockScroll();
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The parent's state decides: the browser's own close is stopped where it can be, and a close it
    // would not let us stop (repeated Escape without a user gesture) still goes through onClose.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.showModal();
    // Focus starts on the dialog itself (not its first button) and goes back where it was after.
    dialog.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      unlock();
      returnFocus?.focus();
    };
  }, []);

  // A click on the dialog element itself, not on its panel, is a click on the backdrop.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onCloseRef.current();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape reaches the dialog as its cancel event.
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={title ? titleId : undefined}
      data-testid={testId}
      tabIndex={-1}
      onClick={onBackdropClick}
      className={`mx-auto mt-auto mb-3 max-h-[90dvh] w-[calc(100%-1.5rem)] ${WIDTHS[size]} overflow-visible border-0 bg-transparent p-0 text-white outline-none backdrop:bg-black/70 sm:my-auto`}
    >
      <div className="flex max-h-[90dvh] flex-col overflow-hidden rounded-2xl border border-gold-700/40 bg-ink-900 shadow-2xl shadow-black/60">
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
    </dialog>
  );
}
