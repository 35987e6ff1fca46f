import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useMember } from '../api/get-member';
import { MEMBER_TABS, type MemberTab } from '../api/get-member-tab';
import type { MemberAction } from '../api/member-actions';
import { MemberActionDialog } from './member-action-dialog';
import { MemberTabTable } from './member-tab-table';

/** Each action and the permission that shows its button. */
const ACTIONS: { action: MemberAction; permission: string }[] = [
  { action: 'lock', permission: 'members.lock' },
  { action: 'unlock', permission: 'members.lock' },
  { action: 'resetPassword', permission: 'members.password' },
  { action: 'adjust', permission: 'money.adjust.request' },
  { action: 'bankChange', permission: 'members.bank.request' },
];

type Props = {
  memberId: number;
  permissions: readonly string[];
  /** Panels of other areas about this member (player protection), shown under the profile. */
  panels?: ReactNode;
};

export function MemberPage({ memberId, permissions, panels }: Props) {
  const { t } = useTranslation('members');
  const member = useMember(memberId);
  const [tab, setTab] = useState<MemberTab>('statement');
  const [open, setOpen] = useState<MemberAction | null>(null);
  if (member.isPending) return <Loading />;
  if (member.isError) return <Alert>{errorText(t, member.error)}</Alert>;
  const { profile, bankAccount, wallet, balances } = member.data;
  const actions = ACTIONS.filter(
    (a) =>
      permissions.includes(a.permission) &&
      !(a.action === 'lock' && profile.status === 'locked') &&
      !(a.action === 'unlock' && profile.status === 'active'),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-slate-900">
          {profile.name} <span className="text-slate-500">#{profile.id}</span>
        </h1>
        <div className="flex flex-wrap gap-2">
          {actions.map(({ action }) => (
            <Button key={action} small variant="secondary" onClick={() => setOpen(action)}>
              {t(`button.${action}`)}
            </Button>
          ))}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
        <Item label={t('field.phone')} value={profile.phone} />
        <Item label={t('field.status')} value={t(`status.${profile.status}`)} />
        <Item label={t('field.currency')} value={profile.currency} />
        <Item
          label={t('field.bankAccount')}
          value={bankAccount ? `${bankAccount.bankName} ${bankAccount.accountNo} (${bankAccount.accountName})` : '–'}
        />
        <Item label={t('field.wallet')} value={String(wallet)} />
        <Item label={t('field.games')} value={balances.map((b) => `${b.code} ${b.amount}`).join(', ') || '–'} />
      </dl>
      {panels}
      <div role="tablist" className="flex flex-wrap gap-1 border-b border-slate-200">
        {MEMBER_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`rounded-t-md px-3 py-2 text-sm ${tab === name ? 'bg-teal-50 font-medium text-teal-900' : 'text-slate-600'}`}
          >
            {t(`tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="rounded-lg border border-slate-200 bg-white">
        <MemberTabTable memberId={memberId} tab={tab} />
      </div>
      {open ? <MemberActionDialog action={open} member={member.data} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}
