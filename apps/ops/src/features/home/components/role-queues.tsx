import type { Permission } from '@krapao/contracts/ops/roles';
import { useTranslation } from 'react-i18next';

/** The work queues of the console, each opened by one permission (packages/contracts/src/ops/roles.ts). */
export const QUEUES: ReadonlyArray<{ permission: Permission; key: string }> = [
  { permission: 'withdrawals.review', key: 'withdrawals' },
  { permission: 'slips.review', key: 'slips' },
  { permission: 'transfers.settle', key: 'transfers' },
  { permission: 'deposits.assign', key: 'deposits' },
  { permission: 'money.adjust.approve', key: 'adjustments' },
  { permission: 'members.bank.approve', key: 'bankChanges' },
  { permission: 'chat.reply', key: 'chat' },
];

/** Which queues this role works: names only (the dashboard's figures come with the dashboard). */
export function RoleQueues({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  const queues = QUEUES.filter((queue) => permissions.includes(queue.permission));
  if (queues.length === 0) return <p className="text-sm text-slate-600">{t('home.noQueues')}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="home-queues">
      {queues.map((queue) => (
        <li key={queue.key} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <div className="text-sm font-medium text-slate-900">{t(`queue.${queue.key}.name`)}</div>
          <div className="text-xs text-slate-600">{t(`queue.${queue.key}.about`)}</div>
        </li>
      ))}
    </ul>
  );
}
