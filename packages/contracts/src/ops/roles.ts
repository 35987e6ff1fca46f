// Staff roles and what each may do in the operator console. Every /api/ops route names one
// permission; the server refuses a staff member whose role lacks it (OPS_FORBIDDEN), and the console
// shows only what the role may use.

export const STAFF_ROLES = ['owner', 'admin', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  /** The dashboard: today's and the week's figures, queue sizes, provider health. */
  'dashboard.read': 'See the dashboard',
  /** Staff accounts: create, change role, disable, re-issue an enrolment link. */
  'staff.manage': 'Manage staff accounts',
  /** Owners only: create or promote owners and admins. */
  'staff.manage-admins': 'Manage owners and admins',
  /** The audit trail: per member, per staff member, per object. */
  'audit.read': 'Read the audit trail',
  /** Search members and open a member's page. */
  'members.read': 'Find and view members',
  /** Lock and unlock a member (locking ends every session at once). */
  'members.lock': 'Lock and unlock members',
  /** Reset a member's password. */
  'members.password': 'Reset a member password',
  /** Ask to change a member's payout bank account (a second staff member approves). */
  'members.bank.request': 'Request a payout account change',
  'members.bank.approve': 'Approve a payout account change',
  /** Credit or debit a member's wallet by hand, with a reason; above the limit a second person approves. */
  'money.adjust.request': 'Request a manual credit or debit',
  'money.adjust.approve': 'Approve a manual credit or debit',
  /** Withdrawals waiting for review: approve, reject, mark paid by hand. */
  'withdrawals.review': 'Review withdrawals',
  /** Approve many withdrawals at once (after re-entering a TOTP code). */
  'withdrawals.bulk': 'Bulk-approve withdrawals',
  /** Failed and pending slips: credit by hand or confirm the rejection. */
  'slips.review': 'Review slips',
  /** Transfers stuck PENDING or UNKNOWN: ask the provider, reconcile, settle by hand. */
  'transfers.settle': 'Settle stuck transfers',
  /** Bank-notice and TrueMoney lines no member matched: assign or mark as not ours. */
  'deposits.assign': 'Assign unmatched deposits',
  /** Site settings, content and games. */
  'settings.manage': 'Manage settings and content',
  /** The chat inbox. */
  'chat.reply': 'Answer chat',
  /** A member's limits, exclusions and their history; the report of members who hit a limit. */
  'protection.read': 'See player protection',
  /** End a member's exclusion early, after its minimum term. */
  'protection.end': 'End an exclusion',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const FINANCE: Permission[] = [
  'dashboard.read',
  'audit.read',
  'members.read',
  'members.bank.approve',
  'money.adjust.request',
  'money.adjust.approve',
  'withdrawals.review',
  'withdrawals.bulk',
  'slips.review',
  'transfers.settle',
  'deposits.assign',
  'protection.read',
];
const SUPPORT: Permission[] = [
  'dashboard.read',
  'members.read',
  'members.lock',
  'members.password',
  'members.bank.request',
  'chat.reply',
  'protection.read',
];

/** The written permission table: what each role may do. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSION_NAMES,
  admin: PERMISSION_NAMES.filter((p) => p !== 'staff.manage-admins'),
  finance: FINANCE,
  support: SUPPORT,
};

export function roleMay(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
