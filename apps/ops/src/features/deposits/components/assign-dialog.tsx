import type { TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { money } from '../../../lib/format';
import { useDecideDeposit } from '../api/decide-deposit';
import { useDepositMember } from '../api/find-member';
import { MemberContext } from './member-context';

/**
 * Credits a line to the member staff name (phone or member id), once they saw who that is; a line
 * that points at a member starts with that member, to confirm.
 */
export function AssignDialog({ review: r, onClose }: { review: TOpsDepositReview; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const start = r.memberId === null ? '' : String(r.memberId);
  const [typed, setTyped] = useState(start);
  const [searched, setSearched] = useState(start);
  const found = useDepositMember(searched);
  const decide = useDecideDeposit();
  const member = found.data && found.data.currency === r.currency ? found.data : null;
  const submit = (reason: string) => {
    if (!member) return;
    decide.mutate({ id: r.id, decision: 'assign', memberId: member.id, reason }, { onSuccess: onClose });
  };
  const search = () => setSearched(typed.trim());

  return (
    <Dialog title={t('decide.assign')} onClose={onClose}>
      <ReasonForm
        ns="deposits"
        submitLabel={member ? t('submit.assignTo', { member: member.context.username }) : t('submit.assign')}
        pending={!member || decide.isPending}
        error={decide.error}
        onSubmit={submit}
        onCancel={onClose}
      >
        <p className="text-sm text-slate-700">{money(r.amount, r.currency)}</p>
        <p className="text-sm text-slate-600">{t('explain.assign')}</p>
        <div className="flex items-end gap-2">
          <div className="grow">
            <TextField
              label={t('memberQuery')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                search();
              }}
            />
          </div>
          <Button variant="secondary" onClick={search}>
            {t('find')}
          </Button>
        </div>
        {found.isFetching ? <p className="text-sm text-slate-500">{t('common:loading')}</p> : null}
        {found.isError ? <Alert>{errorText(t, found.error)}</Alert> : null}
        {found.data && !member ? <Alert>{t('otherCurrency', { currency: found.data.currency })}</Alert> : null}
        {member ? (
          <div data-testid="assign-member" className="rounded-md border border-slate-200 p-3">
            <MemberContext m={member.context} currency={member.currency} />
          </div>
        ) : null}
      </ReasonForm>
    </Dialog>
  );
}
