import { chatPaths, type TSendMessageRequest, type TSendMessageResponse } from '@krapao/contracts/chat';
import { apiClient } from '../../../lib/api-client';

/** POST /api/chat/send-message with the conversation package; one Idempotency-Key per message, reused on resend. */
export function sendMessage(body: TSendMessageRequest, idempotencyKey: string): Promise<TSendMessageResponse> {
  return apiClient.post<TSendMessageResponse>(chatPaths.sendMessage, body, { idempotencyKey, loader: false });
}
