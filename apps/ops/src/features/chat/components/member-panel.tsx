import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useChatMember } from '../api/chat-member';

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Beside a member's conversation: their wallet, 30-day money, and latest deposits and slips. */
export function MemberPanel({ conversationId, isMember }: { conversationId: number; isMember: boolean }) {
  const { t } = useTranslation('chat');
  const member = useChatMember(conversationId, isMember);
  if (!isMember) return <p className="text-sm text-slate-600">{t('member.guest')}</p>;
  if (member.isPending) return <Loading />;
  if (member.isError) return <Alert>{errorText(t, member.error)}</Alert>;
  const m = member.data;
  const money = (n: number) => `${n.toLocaleString()} ${m.currency}`;
  return (
    <aside
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="member-panel"
    >
      <h2 className="font-semibold text-slate-900">
        {m.context.name} ({m.context.username})
      </h2>
      <dl className="grid grid-cols-2 gap-1">
        <dt className="text-slate-600">{t('member.wallet')}</dt>
        <dd>{money(m.wallet)}</dd>
        <dt className="text-slate-600">{t('member.deposits30d')}</dt>
        <dd>{money(m.context.deposits30d)}</dd>
        <dt className="text-slate-600">{t('member.withdrawals30d')}</dt>
        <dd>{money(m.context.withdrawals30d)}</dd>
        <dt className="text-slate-600">{t('member.turnoverLeft')}</dt>
        <dd>{money(m.context.turnoverLeft)}</dd>
      </dl>
      <h3 className="font-medium text-slate-800">{t('member.lastDeposits')}</h3>
      {m.deposits.length === 0 ? <p className="text-slate-500">{t('member.none')}</p> : null}
      <ul>
        {m.deposits.map((d) => (
          <li key={d.id}>
            {day(d.createdAt)} · {money(d.amount)} · {d.status}
          </li>
        ))}
      </ul>
      <h3 className="font-medium text-slate-800">{t('member.lastSlips')}</h3>
      {m.slips.length === 0 ? <p className="text-slate-500">{t('member.none')}</p> : null}
      <ul>
        {m.slips.map((s) => (
          <li key={s.id}>
            {day(s.createdAt)} · {money(s.amount)} · {t(`member.slipStatus.${s.status}`, { defaultValue: s.status })}
          </li>
        ))}
      </ul>
    </aside>
  );
}
