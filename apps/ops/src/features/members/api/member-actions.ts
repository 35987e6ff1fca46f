import type { TApprovalResult } from '@krapao/contracts/ops/approvals';
import {
  membersPaths,
  type TAdjustRequest,
  type TBankChangeRequest,
  type TMemberPasswordReset,
} from '@krapao/contracts/ops/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { memberQueryKey } from './get-member';

export type MemberAction = 'lock' | 'unlock' | 'resetPassword' | 'adjust' | 'bankChange';

type Vars =
  | { action: 'lock' | 'unlock' | 'resetPassword'; reason: string }
  | { action: 'adjust'; body: TAdjustRequest }
  | { action: 'bankChange'; body: TBankChangeRequest };
type Answer = TMemberPasswordReset | TApprovalResult | unknown;

/** POST one of the member's actions, each with its reason; the page reloads afterwards. */
export function useMemberAction(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) =>
      apiClient.post<Answer>(
        buildUrl(membersPaths[vars.action], { memberId }),
        'body' in vars ? vars.body : { reason: vars.reason },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueryKey(memberId) }),
  });
}
