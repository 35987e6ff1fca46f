// A member's rows as the console reads them: money in major units of the member's currency.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { ApprovalKind, ApprovalStatus, TApproval, TApprovalSlip } from '@krapao/contracts/ops/approvals';
import type { TMemberRow, TMemberStatementRow } from '@krapao/contracts/ops/members';
import type { ledgerTransactions } from '../../db/schema/ledger.ts';
import type { ApprovalListRow, MemberRow } from './ops-members.queries.ts';
import { MEMBER_ACTIVE } from './ops-members.repository.ts';

export function memberRowView(m: MemberRow): TMemberRow {
  return {
    id: m.id,
    username: m.username,
    name: m.name,
    phone: m.username,
    currency: m.currency as Currency,
    status: m.status === MEMBER_ACTIVE ? 'active' : 'locked',
    createdAt: m.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a member before and after a change. */
export function memberAuditView(m: MemberRow) {
  return { status: m.status, credentialVersion: m.credentialVersion };
}

export function statementRowView(t: typeof ledgerTransactions.$inferSelect): TMemberStatementRow {
  return {
    id: t.id,
    statementType: t.statementType ?? '',
    type: t.type,
    from: t.fromCode,
    to: t.toCode,
    amount: fromMinor(t.amount, t.currency as Currency),
    status: t.status,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
  };
}

/** The text of a text-like chat message (text, buttons, quick replies); null otherwise. */
export function chatText(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'text' in payload) {
    const { text } = payload as { text: unknown };
    return typeof text === 'string' ? text : null;
  }
  return null;
}

/** A request as the console lists it; `slip`: what a slip credit names (from the deposit module). */
export function approvalView(a: ApprovalListRow, slip: TApprovalSlip | null = null): TApproval {
  const currency = a.currency as Currency | null;
  const p = a.payload as { bankCode?: unknown; accountNo?: unknown; accountName?: unknown } | null;
  return {
    id: a.id,
    kind: a.kind as ApprovalKind,
    memberId: a.memberId,
    memberUsername: a.memberUsername,
    amount: a.amount === null || !currency ? null : fromMinor(a.amount, currency),
    currency,
    reason: a.reason,
    bankAccount:
      a.kind === 'bank-change' && p
        ? { bankCode: String(p.bankCode), accountNo: String(p.accountNo), accountName: String(p.accountName) }
        : null,
    slip,
    status: a.status as ApprovalStatus,
    requestedBy: a.requestedBy,
    requestedByName: a.requestedByName,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a request. */
export function approvalAuditView(a: { status: string; kind: string; amount: bigint | null; currency: string | null }) {
  return { status: a.status, kind: a.kind, amount: a.amount?.toString() ?? null, currency: a.currency };
}
