import type { TApproval } from '@krapao/contracts/ops/approvals';
import type { TFunction } from 'i18next';

/** One line that says what approving does: the amount and member, or the new bank account. */
export function approvalSummary(t: TFunction, a: TApproval): string {
  if (a.kind === 'bank-change' && a.bankAccount) {
    return t('summary.bank-change', { member: a.memberUsername, ...a.bankAccount });
  }
  return t(`summary.${a.kind}`, {
    member: a.memberUsername,
    amount: a.amount,
    currency: a.currency,
    slipId: a.slip?.slipId,
  });
}
