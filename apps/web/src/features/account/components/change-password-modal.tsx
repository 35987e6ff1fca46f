import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Result = { tone: 'success' | 'danger'; message: string } | null;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

type ChangePasswordModalProps = { open: boolean; onClose: () => void };

/** Old, new, confirm: any empty does nothing; a mismatch sends nothing. */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const [mismatch, setMismatch] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const { register, handleSubmit, reset } = useForm<Values>({ defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    setMismatch(false);
    onClose();
  };

  const onSubmit = handleSubmit(({ oldPassword, newPassword, confirmPassword }) => {
    if (!oldPassword || !newPassword || !confirmPassword) return;
    if (newPassword !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    mutation.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          close();
          setResult({ tone: 'success', message: t('dialog.saved') });
        },
        onError: (err) => setResult({ tone: 'danger', message: errorText(t, err) }),
      },
    );
  });

  return (
    <>
      <Modal open={open} onClose={close} title={t('profile:changePassword')} testId="change-password-modal" size="sm">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label={t('profile:oldPassword')}
            type="password"
            autoComplete="current-password"
            testId="cp-old"
            {...register('oldPassword')}
          />
          <TextField
            label={t('profile:newPassword')}
            type="password"
            autoComplete="new-password"
            testId="cp-new"
            {...register('newPassword')}
          />
          <TextField
            label={t('profile:confirmPassword')}
            type="password"
            autoComplete="new-password"
            testId="cp-confirm"
            error={mismatch ? t('profile:passwordsNotEqual') : undefined}
            {...register('confirmPassword')}
          />
          <Button type="submit" block disabled={mutation.isPending} data-testid="cp-submit">
            {t('actions.save')}
          </Button>
        </form>
      </Modal>
      <AlertDialog
        open={result !== null}
        tone={result?.tone ?? 'success'}
        message={result?.message}
        onClose={() => setResult(null)}
      />
    </>
  );
}
