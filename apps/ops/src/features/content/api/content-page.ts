import { contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const contentQueryKey = ['ops', 'content'] as const;

export const contentPageQueryOptions = () =>
  queryOptions({
    queryKey: contentQueryKey,
    queryFn: ({ signal }) => apiClient.get<TContentPage>(contentPaths.page, signal),
  });

export const useContentPage = () => useQuery(contentPageQueryOptions());
