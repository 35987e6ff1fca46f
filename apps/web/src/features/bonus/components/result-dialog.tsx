import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/dialog';

/** The outcome of an activation: success title + saved message, or the server's message. */
export type ActivationResult = { tone: 'success' } | { tone: 'danger'; message: string };

export function ResultDialog({ result, onClose }: { result: ActivationResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      open={result !== null}
      tone={result?.tone ?? 'success'}
      message={result?.tone === 'danger' ? result.message : t('dialog.saved')}
      onClose={onClose}
    />
  );
}
