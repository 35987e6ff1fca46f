import { membersPaths } from '@krapao/contracts/ops/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { memberQueryKey } from './get-member';

export const MEMBER_TABS = ['statement', 'deposits', 'withdrawals', 'conditions', 'sessions', 'chat'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/** GET one tab of the member's page: `{ items }`, newest first (chat oldest first). */
export const memberTabQueryOptions = (memberId: number, tab: MemberTab) =>
  queryOptions({
    queryKey: [...memberQueryKey(memberId), tab],
    queryFn: ({ signal }) =>
      apiClient.get<{ items: Record<string, unknown>[] }>(buildUrl(membersPaths[tab], { memberId }), signal),
  });

export const useMemberTab = (memberId: number, tab: MemberTab) => useQuery(memberTabQueryOptions(memberId, tab));
