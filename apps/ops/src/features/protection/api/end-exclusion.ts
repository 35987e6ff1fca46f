import { opsProtectionPaths, type TOpsMemberProtection } from '@krapao/contracts/ops/protection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { memberProtectionQueryKey, protectionQueryKey } from './get-member-protection';

/** POST opsProtectionPaths.endExclusion with the reason; the answer is the member's protections again. */
export function useEndExclusion(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exclusionId, reason }: { exclusionId: number; reason: string }) =>
      apiClient.post<TOpsMemberProtection>(buildUrl(opsProtectionPaths.endExclusion, { memberId, exclusionId }), {
        reason,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(memberProtectionQueryKey(memberId), data);
      return queryClient.invalidateQueries({ queryKey: protectionQueryKey });
    },
  });
}
