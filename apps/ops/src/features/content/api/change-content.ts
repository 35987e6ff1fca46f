import { type ContentSection, contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKey } from './content-page';

export type ContentChange = { key: ContentSection; value: unknown; reason: string };

/** PUT one section's new value with the reason the audit trail keeps; the answer is the page again. */
export function useChangeContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value, reason }: ContentChange) =>
      apiRequest<TContentPage>(contentPaths[key], { method: 'PUT', body: { value, reason } }),
    onSuccess: (page) => queryClient.setQueryData(contentQueryKey, page),
  });
}
