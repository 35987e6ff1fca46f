// Alert and confirm dialogs (docs/product.md §7): an error dialog with the server's message; a success dialog
// with the generic success title and saved message.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { AlertIcon, CheckIcon } from './icons';
import { Modal } from './modal';

export type AlertTone = 'success' | 'danger';

export type AlertDialogProps = {
  open: boolean;
  tone: AlertTone;
  /** Defaults to the generic success / error title. */
  title?: ReactNode;
  message?: ReactNode;
  onClose: () => void;
};

export function AlertDialog({ open, tone, title, message, onClose }: AlertDialogProps) {
  const { t } = useTranslation();
  const heading = title ?? (tone === 'success' ? t('dialog.successTitle') : t('dialog.errorTitle'));
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      testId={tone === 'success' ? 'success-dialog' : 'error-dialog'}
      title={heading}
      footer={
        <Button block onClick={onClose}>
          {t('actions.ok')}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={`flex h-12 w-12 items-center justify-center rounded-full ${tone === 'success' ? 'bg-emerald-500/15 text-emerald-300' : 'bg-rose-500/15 text-rose-300'}`}
        >
          {tone === 'success' ? <CheckIcon size={26} /> : <AlertIcon size={26} />}
        </span>
        {message ? (
          <p data-testid="dialog-message" className="text-sm text-white/80">
            {message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmText,
  cancelText,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      testId="confirm-dialog"
      title={title}
      footer={
        <>
          <Button variant="secondary" block onClick={onCancel}>
            {cancelText ?? t('actions.cancel')}
          </Button>
          <Button block onClick={onConfirm} disabled={busy}>
            {confirmText ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      {message ? <div className="text-sm text-white/80">{message}</div> : null}
    </Modal>
  );
}
