import {
  promotionRulesPaths,
  type TOpsInviteRulesChange,
  type TOpsInviteSettings,
} from '@krapao/contracts/ops/promotions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const inviteSettingsQueryKey = ['ops', 'promotion-rules', 'invite'] as const;

export const inviteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: inviteSettingsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsInviteSettings>(promotionRulesPaths.invite, signal),
  });

export const useInviteSettings = () => useQuery(inviteSettingsQueryOptions());

/** POST promotionRulesPaths.invite: one of the invite settings, with a reason. */
export function useChangeInviteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsInviteRulesChange) => apiClient.post<TOpsInviteSettings>(promotionRulesPaths.invite, body),
    onSuccess: (data) => queryClient.setQueryData(inviteSettingsQueryKey, data),
  });
}
