import { approvalsPaths, type TApproval, type TApprovalResult } from '@krapao/contracts/ops/approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { approvalsQueryKey } from './list-approvals';

export type Decision = 'approve' | 'reject';

/** The path that decides `approval`: each kind is decided under its own permission. */
export function decisionPath(approval: Pick<TApproval, 'kind'>, decision: Decision): string {
  if (approval.kind === 'bank-change') {
    return decision === 'approve' ? approvalsPaths.bankChangeApprove : approvalsPaths.bankChangeReject;
  }
  if (approval.kind === 'slip-credit') {
    return decision === 'approve' ? approvalsPaths.slipCreditApprove : approvalsPaths.slipCreditReject;
  }
  return decision === 'approve' ? approvalsPaths.adjustmentApprove : approvalsPaths.adjustmentReject;
}

type Vars = { approval: TApproval; decision: Decision; reason: string };

/** POST an approval or a rejection with its reason; the queue reloads afterwards. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approval, decision, reason }: Vars) =>
      apiClient.post<TApprovalResult>(buildUrl(decisionPath(approval, decision), { approvalId: approval.id }), {
        reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
