import { opsProtectionPaths, type TOpsMemberProtection } from '@krapao/contracts/ops/protection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

export const protectionQueryKey = ['ops', 'protection'] as const;
export const memberProtectionQueryKey = (memberId: number) => [...protectionQueryKey, 'member', memberId] as const;

/** GET opsProtectionPaths.member: limits with their use, exclusions, history. */
export const memberProtectionQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: memberProtectionQueryKey(memberId),
    queryFn: ({ signal }) =>
      apiClient.get<TOpsMemberProtection>(buildUrl(opsProtectionPaths.member, { memberId }), signal),
  });

export const useMemberProtection = (memberId: number) => useQuery(memberProtectionQueryOptions(memberId));
