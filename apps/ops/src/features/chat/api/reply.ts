import { chatOpsPaths, type TOpsChatReplied, type TOpsChatReply } from '@krapao/contracts/ops/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { chatQueryKey } from './list-conversations';

/** POST a staff reply to the conversation; the inbox reloads. */
export function useReply(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsChatReply) =>
      apiClient.post<TOpsChatReplied>(buildUrl(chatOpsPaths.reply, { conversationId }), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKey }),
  });
}

/** POST the close of the conversation's session; the inbox reloads. */
export function useCloseSession(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ sessionId: string }>(buildUrl(chatOpsPaths.close, { conversationId }), {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKey }),
  });
}
