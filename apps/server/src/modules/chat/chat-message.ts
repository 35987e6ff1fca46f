import { type TChatMessage, type TChatSender, ZChatMessageBody } from '@krapao/contracts/chat';
import type { MessageRow } from './chat.repository.ts';

/** A stored message on the wire. A stored body that no longer parses goes out as unknown. */
export function toWireMessage(row: MessageRow): TChatMessage {
  const body = ZChatMessageBody.safeParse({ message_type: row.messageType, payload: row.payload });
  return {
    _id: String(row.id),
    sender: row.sender as TChatSender,
    message: body.success ? body.data : { message_type: 'unknown', payload: null },
    userId: row.memberId === null ? null : String(row.memberId),
    guestId: row.guestId,
    username: row.username,
    name: row.name,
    deviceToken: row.deviceToken,
    createdAt: row.createdAt.toISOString(),
    session_id: row.sessionId,
    // A guest's own messages keep their guest id after a merge: their names stay self-declared.
    verified: !(row.sender === 'customer' && row.guestId !== null),
  };
}
