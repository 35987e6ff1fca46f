import type { TOpsMemberContext } from '@krapao/contracts/ops/members';
import { useTranslation } from 'react-i18next';
import { MemberMoneyFacts } from '../../../components/member-context';
import { formatDateTime } from '../../../lib/format';

/** What staff weigh of a member before money goes to them. */
export function MemberContext({ m, currency }: { m: TOpsMemberContext; currency: string }) {
  const { t, i18n } = useTranslation('deposits');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
      <dt className="text-slate-500">{t('context.member')}</dt>
      <dd>
        {m.username} · {m.name}
      </dd>
      <dt className="text-slate-500">{t('context.since')}</dt>
      <dd>{formatDateTime(m.createdAt, i18n.language)}</dd>
      <MemberMoneyFacts ns="deposits" keyPrefix="context" m={m} currency={currency} />
    </dl>
  );
}
