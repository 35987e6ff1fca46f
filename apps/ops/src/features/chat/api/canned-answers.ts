import { chatOpsPaths, type TOpsCannedAnswers, type TOpsCannedAnswersChange } from '@krapao/contracts/ops/chat';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { chatQueryKey } from './list-conversations';

/** GET chatOpsPaths.cannedAnswers: the list staff pick replies from, and who changed it last. */
export const cannedAnswersQueryOptions = () =>
  queryOptions({
    queryKey: [...chatQueryKey, 'canned'],
    queryFn: ({ signal }) => apiClient.get<TOpsCannedAnswers>(chatOpsPaths.cannedAnswers, signal),
  });

export const useCannedAnswers = () => useQuery(cannedAnswersQueryOptions());

/** POST a new list; the answer is the saved list. */
export function useSaveCannedAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsCannedAnswersChange) => apiClient.post<TOpsCannedAnswers>(chatOpsPaths.cannedAnswers, body),
    onSuccess: (saved) => queryClient.setQueryData(cannedAnswersQueryOptions().queryKey, saved),
  });
}
