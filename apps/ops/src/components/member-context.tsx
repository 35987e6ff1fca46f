// What a reviewer sees of a member in a queue row. The words come from the caller's namespace
// (`ns`), under the key prefix it names: each queue keeps its own texts.
import type { TOpsMemberContext } from '@krapao/contracts/ops/members';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { daysSince, waitedFor } from '../lib/age';
import { formatDateTime, money } from '../lib/format';

type Member = { username: string; name: string };

/** The member's username, linking to their page, with their name under it. */
export function MemberCell({ memberId, member }: { memberId: number; member: Member }) {
  return (
    <td className="p-2">
      <Link to={`/members/${memberId}`} className="underline">
        {member.username}
      </Link>
      <div className="text-xs text-slate-500">{member.name}</div>
    </td>
  );
}

/** How long a row has waited; the exact time on hover. Needs `age.*` in `ns`. */
export function WaitedCell({ ns, since, now }: { ns: string; since: string; now: number }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <td className="p-2 whitespace-nowrap" title={formatDateTime(since, i18n.language)}>
      {waitedFor(t, since, now)}
    </td>
  );
}

type FactsProps = { ns: string; keyPrefix: string; m: TOpsMemberContext; currency: string };

/** Money in and out over 30 days, turnover left and whether a credit condition holds: `<dt>`/`<dd>` pairs. */
export function MemberMoneyFacts({ ns, keyPrefix, m, currency }: FactsProps) {
  const { t } = useTranslation(ns, { keyPrefix });
  return (
    <>
      <dt className="text-slate-500">{t('deposits30d')}</dt>
      <dd>{money(m.deposits30d, currency)}</dd>
      <dt className="text-slate-500">{t('withdrawals30d')}</dt>
      <dd>{money(m.withdrawals30d, currency)}</dd>
      <dt className="text-slate-500">{t('turnoverLeft')}</dt>
      <dd>{money(m.turnoverLeft, currency)}</dd>
      <dt className="text-slate-500">{t('condition')}</dt>
      <dd>{m.hasActiveCondition ? t('yes') : t('no')}</dd>
    </>
  );
}

/** The account's age in days, then its money facts (`details.*` in `ns`). */
export function MemberAgeFacts({ ns, m, currency, now }: Omit<FactsProps, 'keyPrefix'> & { now: number }) {
  const { t } = useTranslation(ns, { keyPrefix: 'details' });
  return (
    <>
      <dt className="text-slate-500">{t('accountAge')}</dt>
      <dd>{t('days', { count: daysSince(m.createdAt, now) })}</dd>
      <MemberMoneyFacts ns={ns} keyPrefix="details" m={m} currency={currency} />
    </>
  );
}
