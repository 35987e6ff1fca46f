import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/dialog';
import { type SpinAction, spinErrorText } from '../lib/spin-error';

type SpinErrorDialogProps = { error: unknown; action: SpinAction; onClose: () => void };

/** The generic error title, a message from the spin namespace keyed by the server's code. */
export function SpinErrorDialog({ error, action, onClose }: SpinErrorDialogProps) {
  const { t } = useTranslation('spin');
  const open = error !== null && error !== undefined;
  return (
    <AlertDialog
      open={open}
      tone="danger"
      message={open ? <span data-testid="spin-error">{spinErrorText(t, error, action)}</span> : null}
      onClose={onClose}
    />
  );
}
