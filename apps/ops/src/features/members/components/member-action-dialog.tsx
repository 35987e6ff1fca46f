import { ADJUST_KINDS, type AdjustKind, type TMemberPage } from '@krapao/contracts/ops/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type MemberAction, useMemberAction } from '../api/member-actions';

type Props = { action: MemberAction; member: TMemberPage; onClose: () => void };

/** One action on the member, with its reason; a password reset then shows the temporary password once. */
export function MemberActionDialog({ action, member, onClose }: Props) {
  const { t } = useTranslation('members');
  const mutation = useMemberAction(member.profile.id);
  const [kind, setKind] = useState<AdjustKind>('credit');
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState({ bankCode: '', accountNo: '', accountName: '' });
  const [answer, setAnswer] = useState<string | null>(null);

  const onSubmit = (reason: string) => {
    const done = (data: unknown) => {
      const d = data as { temporaryPassword?: string; approval?: { status: string } };
      if (d?.temporaryPassword) setAnswer(t('done.password', { password: d.temporaryPassword }));
      else if (d?.approval) setAnswer(t(`done.${d.approval.status}`));
      else onClose();
    };
    if (action === 'adjust')
      mutation.mutate({ action, body: { kind, amount: Number(amount), reason } }, { onSuccess: done });
    else if (action === 'bankChange') mutation.mutate({ action, body: { ...bank, reason } }, { onSuccess: done });
    else mutation.mutate({ action, reason }, { onSuccess: done });
  };

  const title = t(`action.${action}`, { name: member.profile.name });
  if (answer) {
    return (
      <Dialog title={title} onClose={onClose}>
        <div className="flex flex-col gap-4">
          <Alert tone="success">
            <span data-testid="member-action-answer" className="break-all">
              {answer}
            </span>
          </Alert>
          <Button onClick={onClose}>{t('common:done')}</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <ReasonForm
        ns="members"
        submitLabel={t(`submit.${action}`)}
        danger={action === 'lock' || action === 'resetPassword'}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={onSubmit}
        onCancel={onClose}
      >
        {action === 'adjust' ? (
          <>
            <SelectField
              label={t('adjust.kind')}
              value={kind}
              onChange={(event) => setKind(event.target.value as AdjustKind)}
              options={ADJUST_KINDS.map((value) => ({ value, label: t(`adjust.${value}`) }))}
            />
            <TextField
              label={t('adjust.amount', { currency: member.profile.currency })}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </>
        ) : null}
        {action === 'bankChange'
          ? (['bankCode', 'accountNo', 'accountName'] as const).map((field) => (
              <TextField
                key={field}
                label={t(`bank.${field}`)}
                value={bank[field]}
                onChange={(event) => setBank((b) => ({ ...b, [field]: event.target.value }))}
              />
            ))
          : null}
      </ReasonForm>
    </Dialog>
  );
}
