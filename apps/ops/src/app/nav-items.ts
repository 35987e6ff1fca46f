import type { Permission } from '@krapao/contracts/ops/roles';

/** The console's pages; each shows in the navigation only for a role with its permission. */
export type NavItem = { to: string; key: string; permission: Permission | null };

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', key: 'nav.home', permission: null },
  { to: '/staff', key: 'nav.staff', permission: 'staff.manage' },
  { to: '/audit', key: 'nav.audit', permission: 'audit.read' },
  { to: '/members', key: 'members:nav', permission: 'members.read' },
  { to: '/protection', key: 'protection:nav', permission: 'protection.read' },
  { to: '/approvals', key: 'approvals:nav', permission: 'money.adjust.approve' },
  { to: '/withdrawals', key: 'withdrawals:nav', permission: 'withdrawals.review' },
  { to: '/slips', key: 'slips:nav', permission: 'slips.review' },
  { to: '/transfers', key: 'transfers:nav', permission: 'transfers.settle' },
  { to: '/deposits', key: 'deposits:nav', permission: 'deposits.assign' },
  { to: '/games', key: 'games:nav', permission: 'settings.manage' },
  { to: '/promotions', key: 'promotions:nav', permission: 'settings.manage' },
  { to: '/settings', key: 'settings:nav', permission: 'settings.manage' },
  { to: '/content', key: 'content:nav', permission: 'settings.manage' },
  { to: '/spin-wheel', key: 'spin-wheel:nav', permission: 'settings.manage' },
  { to: '/chat', key: 'chat:nav', permission: 'chat.reply' },
];

export function visibleNavItems(permissions: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => item.permission === null || permissions.includes(item.permission));
}
