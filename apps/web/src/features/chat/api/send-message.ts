import { chatPaths, type TSendMessageRequest, type TSendMessageResponse } from '@krapao/contracts/chat';
import { apiClient } from '../../../lib/api-client';
import { keepGuestProof } from '../lib/guest-proof';

/** POST /api/chat/send-message with the conversation package; one Idempotency-Key per message, reused on resend. */
export async function sendMessage(body: TSendMessageRequest, idempotencyKey: string): Promise<TSendMessageResponse> {
  const sent = await apiClient.post<TSendMessageResponse>(chatPaths.sendMessage, body, {
    idempotencyKey,
    loader: false,
  });
  keepGuestProof(sent);
  return sent;
}
