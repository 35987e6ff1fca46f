import type { TOpsMemberContext } from '@krapao/contracts/ops/members';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

export const money = (amount: number, currency: string) => `${amount.toLocaleString('en-US')} ${currency}`;

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
      <dt className="text-slate-500">{t('context.deposits30d')}</dt>
      <dd>{money(m.deposits30d, currency)}</dd>
      <dt className="text-slate-500">{t('context.withdrawals30d')}</dt>
      <dd>{money(m.withdrawals30d, currency)}</dd>
      <dt className="text-slate-500">{t('context.turnoverLeft')}</dt>
      <dd>{money(m.turnoverLeft, currency)}</dd>
      <dt className="text-slate-500">{t('context.condition')}</dt>
      <dd>{m.hasActiveCondition ? t('context.yes') : t('context.no')}</dd>
    </dl>
  );
}
