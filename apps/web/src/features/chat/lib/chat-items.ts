// The conversation as the widget holds it: server messages and this page's own outgoing ones, in
// order, without duplicates (the socket echoes what the page sent), with their delivery status.
import { type TChatMessageBody, type TSendMessageResponse, ZChatMessageBody } from '@krapao/contracts/chat';
import { z } from 'zod';

export const DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type PendingUpload = { file: File; kind: 'image' | 'video'; localUrl: string; path?: string };

export type ChatItem = {
  /** React key: the server id, or a local id for a message this page sent. */
  key: string;
  serverId: string | null;
  sender: string;
  body: TChatMessageBody;
  createdAt: string | null;
  sessionId: string | null;
  name: string | null;
  status?: DeliveryStatus;
  progress?: number;
  upload?: PendingUpload;
  idempotencyKey?: string;
};

export const isOwn = (item: ChatItem) => item.sender === 'customer';

const ZEnvelope = z.object({
  _id: z.string(),
  sender: z.string(),
  message: z.unknown(),
  createdAt: z.string(),
  session_id: z.string(),
  name: z.string().nullish(),
});

/** A message from the server or the socket; a body of a type this build does not know becomes 'unknown'. */
export function parseChatMessage(raw: unknown): ChatItem | null {
  const envelope = ZEnvelope.safeParse(raw);
  if (!envelope.success) return null;
  const { _id, sender, message, createdAt, session_id, name } = envelope.data;
  const body = ZChatMessageBody.safeParse(message);
  return {
    key: _id,
    serverId: _id,
    sender,
    body: body.success ? body.data : { message_type: 'unknown', payload: message },
    createdAt,
    sessionId: session_id,
    name: name ?? null,
  };
}

const PENDING = '\uffff';
function compare(a: ChatItem, b: ChatItem): number {
  const byTime = (a.createdAt ?? PENDING).localeCompare(b.createdAt ?? PENDING);
  if (byTime !== 0) return byTime;
  return Number(a.serverId ?? Number.MAX_SAFE_INTEGER) - Number(b.serverId ?? Number.MAX_SAFE_INTEGER);
}

/** Adds server messages not yet held (by server id) and keeps the list in order. Stable for pending ones. */
export function mergeItems(items: ChatItem[], incoming: ChatItem[]): ChatItem[] {
  const held = new Set(items.map((i) => i.serverId).filter(Boolean));
  const fresh = incoming.filter((i) => i.serverId && !held.has(i.serverId));
  if (fresh.length === 0) return items;
  return [...items, ...fresh].sort(compare);
}

/** The send answered: the local message takes the server's id, time and session (a socket copy that came first goes). */
export function markSent(items: ChatItem[], key: string, sent: TSendMessageResponse): ChatItem[] {
  return items
    .filter((i) => i.key === key || i.serverId !== sent._id)
    .map((i) =>
      i.key === key
        ? {
            ...i,
            serverId: sent._id,
            createdAt: sent.createdAt,
            sessionId: sent.session_id,
            status: 'succeed' as const,
          }
        : i,
    )
    .sort(compare);
}

/** How many server messages the page holds: the skip of the next older page. */
export const serverCount = (items: ChatItem[]) => items.filter((i) => i.serverId).length;

/** Keys of the messages that open a new session after another one: an 'End Conversation' divider goes above each. */
export function sessionBreaks(items: ChatItem[]): Set<string> {
  const breaks = new Set<string>();
  let previous: string | null = null;
  for (const item of items) {
    if (!item.sessionId) continue;
    if (previous && item.sessionId !== previous) breaks.add(item.key);
    previous = item.sessionId;
  }
  return breaks;
}
