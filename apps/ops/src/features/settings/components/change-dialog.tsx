import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { type SettingChange, useChangeSetting } from '../api/change-setting';

type ChangeDialogProps = {
  title: string;
  change: Omit<SettingChange, 'reason'>;
  danger?: boolean;
  /** What the change does, above the reason (a warning when the site closes). */
  children?: ReactNode;
  onClose: () => void;
};

/** Every setting change says why: the reason goes to the audit trail with the value before and after. */
export function ChangeDialog({ title, change, danger, children, onClose }: ChangeDialogProps) {
  const { t } = useTranslation('settings');
  const mutation = useChangeSetting();
  return (
    <Dialog title={title} onClose={onClose}>
      <ReasonForm
        ns="settings"
        submitLabel={t('save')}
        danger={danger}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={(reason) => mutation.mutate({ ...change, reason } as SettingChange, { onSuccess: onClose })}
        onCancel={onClose}
      >
        {children}
      </ReasonForm>
    </Dialog>
  );
}
