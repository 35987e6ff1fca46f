import { type TChatMessage, type TChatSender, ZChatMessageBody } from '@krapao/contracts/chat';
import type { Conversation, MessageRow } from './chat.repository.ts';

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

/** A conversation in an inbox: its owner, session, last message and how many customer messages wait. */
export function toConversationView(
  c: Conversation,
  last: MessageRow | null,
  extra: { unread: number; name: string | null; username: string | null },
) {
  return {
    id: c.id,
    userId: c.memberId === null ? null : String(c.memberId),
    guestId: c.guestId,
    name: extra.name,
    username: extra.username,
    session_id: c.sessionId,
    sessionClosed: c.sessionClosed,
    lastMessage: last ? toWireMessage(last) : null,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    unread: extra.unread,
    senderKind: c.memberId === null ? ('guest' as const) : ('member' as const),
    verified: c.memberId !== null,
  };
}
