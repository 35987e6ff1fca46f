// Support chat (docs/product.md §5): paths, messages, requests, socket events and the attachment
// rule. The conversation package of send-message and every answer is defined here once.
import { z } from 'zod';
import { CHAT_IMAGE_MAX_MB, CHAT_MESSAGE_MAX_LENGTH, CHAT_VIDEO_MAX_MB, LOCALES } from './constants.ts';

export const chatPaths = {
  config: '/api/chat/config',
  sendMessage: '/api/chat/send-message',
  history: '/api/chat/history',
  uploadImage: '/api/chat/upload-image',
  uploadVideo: '/api/chat/upload-video',
  /** With the trailing slash: the wire path is exactly this. */
  readCustomer: '/api/chat/read-customer/',
  /** Uploaded files, served only to the conversation's participants. */
  files: '/api/chat/files',
  /** The optional plain WebSocket backend (VITE_CHAT_BACKEND). */
  ws: '/api/chat/ws',
  agentConversations: '/api/chat/agent/conversations',
  agentHistory: '/api/chat/agent/history',
  agentReply: '/api/chat/agent/reply',
  agentClose: '/api/chat/agent/close',
} as const;

/** Guests send this header to read their own uploads (the guest id is a secret, never a URL part). */
export const CHAT_GUEST_HEADER = 'x-chat-guest-id';
export const CHAT_SOCKET_PATH = '/socket.io';
export const CHAT_EVENTS = { join: 'join', messaging: 'messaging' } as const;

/** `guest-` + a random UUID v4: a secret, knowing it is owning it. */
export const GUEST_ID_PATTERN = /^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ZGuestId = z.string().regex(GUEST_ID_PATTERN);

/** The room of one conversation: PREFIX and the member's user id or the guest id. */
export function chatRoom(prefix: string, id: string): string {
  return `${prefix}:${id}`;
}
/** Where operators' sockets hear every conversation; no user or guest id can spell it. */
export function chatOperatorRoom(prefix: string): string {
  return `${prefix}:operator`;
}

export const CHAT_FILE_PATTERN = /^\/api\/chat\/files\/[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$/;

const title = z.string().trim().min(1).max(80);
const longText = z.string().max(CHAT_MESSAGE_MAX_LENGTH);
/** Same-origin paths, https links and inline images: nothing that runs script. */
const SAFE_URL = /^(https:\/\/[^\s]+|\/(?![/\\])[^\s\\]*|data:image\/(png|jpeg|gif|svg\+xml);base64,[A-Za-z0-9+/=]+)$/;
export const isSafeChatUrl = (value: string) => SAFE_URL.test(value);
const safeUrl = z.string().max(200_000).regex(SAFE_URL);
const webLink = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s\\]*)$/);

export const CHAT_BUTTON_TYPES = ['web', 'call', 'postback', 'other'] as const;
export const ZChatButton = z.discriminatedUnion('type', [
  z.object({ type: z.literal('web'), title, payload: webLink }),
  z.object({ type: z.literal('call'), title, payload: z.string().regex(/^\+?[0-9][0-9 -]{2,19}$/) }),
  z.object({ type: z.literal('postback'), title, payload: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('other'), title, payload: z.string().max(2000) }),
]);
export type TChatButton = z.infer<typeof ZChatButton>;

export const ZQuickReply = z.object({ title, payload: z.string().trim().min(1).max(200) });
export type TQuickReply = z.infer<typeof ZQuickReply>;

export const ZGenericCard = z.object({
  image_url: z.union([safeUrl, z.literal('')]),
  title,
  subtitle: z.string().max(400),
  buttons: z.array(ZChatButton).max(3),
});
export type TGenericCard = z.infer<typeof ZGenericCard>;

export const CHAT_FILE_TYPES = ['image', 'video', 'file'] as const;
export type TChatFileType = (typeof CHAT_FILE_TYPES)[number];
/** Media payload: caption, where to fetch it, its kind, and the uploaded file reference. */
export const ZMediaPayload = z.object({
  message: longText,
  url: safeUrl,
  fileType: z.enum(CHAT_FILE_TYPES),
  filePath: z.string().max(2000),
});
export type TMediaPayload = z.infer<typeof ZMediaPayload>;

export const CHAT_MESSAGE_TYPES = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
  'unknown',
] as const;
export type TChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

const ZTextBody = z.object({ message_type: z.literal('text'), payload: z.object({ text: longText }) });
const ZButtonsBody = z.object({
  message_type: z.literal('buttons'),
  payload: z.object({ text: longText, buttons: z.array(ZChatButton).min(1).max(10) }),
});
const ZMediaBody = z.object({ message_type: z.literal('media'), payload: ZMediaPayload });
const ZQuickRepliesBody = z.object({
  message_type: z.literal('quick_replies'),
  payload: z.object({ text: longText, quick_replies: z.array(ZQuickReply).min(1).max(13) }),
});
const ZGenericBody = z.object({
  message_type: z.literal('generic'),
  payload: z.object({ elements: z.array(ZGenericCard).min(1).max(10) }),
});
const ZPostbackBody = z.object({
  message_type: z.literal('postback'),
  payload: z.object({ title, payload: z.string().trim().min(1).max(200) }),
});
const ZUnknownBody = z.object({ message_type: z.literal('unknown'), payload: z.unknown() });

/** A message's body: `{ message_type, payload }`. */
export const ZChatMessageBody = z.discriminatedUnion('message_type', [
  ZTextBody,
  ZButtonsBody,
  ZMediaBody,
  ZQuickRepliesBody,
  ZGenericBody,
  ZPostbackBody,
  ZUnknownBody,
]);
export type TChatMessageBody = z.infer<typeof ZChatMessageBody>;

/** What support (the sandbox agent or a person) may send. */
export const ZAgentMessageBody = z.discriminatedUnion('message_type', [
  ZTextBody.extend({ payload: z.object({ text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH) }) }),
  ZButtonsBody,
  ZMediaBody,
  ZQuickRepliesBody,
  ZGenericBody,
]);
export type TAgentMessageBody = z.infer<typeof ZAgentMessageBody>;

/** What a customer may send: trimmed non-empty text, an uploaded file, or a tapped postback. */
export const ZCustomerMessageBody = z.discriminatedUnion('message_type', [
  z.object({
    message_type: z.literal('text'),
    payload: z.object({ text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH) }),
  }),
  z.object({
    message_type: z.literal('media'),
    payload: z.object({
      message: z.string().trim().max(CHAT_MESSAGE_MAX_LENGTH).optional().default(''),
      fileType: z.enum(['image', 'video']),
      filePath: z.string().regex(CHAT_FILE_PATTERN),
    }),
  }),
  ZPostbackBody,
]);
export type TCustomerMessageBody = z.input<typeof ZCustomerMessageBody>;

export const CHAT_SENDERS = ['customer', 'bot', 'agent'] as const;
export type TChatSender = (typeof CHAT_SENDERS)[number];

/** One message on the wire. `sender` is 'customer' for the member's or guest's own. */
export const ZChatMessage = z.object({
  _id: z.string(),
  sender: z.enum(CHAT_SENDERS),
  message: ZChatMessageBody,
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
  createdAt: z.string(),
  session_id: z.string(),
  /** False for a customer message written as a guest: its name is whatever the guest typed. */
  verified: z.boolean().optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

const optionalId = z.string().trim().max(64).nullish();

/**
 * Who the conversation belongs to. With a bearer token the server ignores userId (session decides),
 * and merges the guest conversation only when `guestProof` is the one the guest's calls answered.
 */
export const ZChatIdentity = z.strictObject({
  userId: optionalId,
  guestId: ZGuestId.nullish(),
  guestProof: z.string().max(200).nullish(),
});
export type TChatIdentity = z.infer<typeof ZChatIdentity>;

export const ZChatConfigResponse = z.object({ PREFIX: z.string() });
export type TChatConfigResponse = z.infer<typeof ZChatConfigResponse>;

/** The conversation package of POST /api/chat/send-message. */
export const ZSendMessageRequest = ZChatIdentity.extend({
  sender: z.literal('customer').optional(),
  username: z.string().max(64).nullish(),
  name: z.string().max(100).nullish(),
  deviceToken: z.string().max(200).nullish(),
  /** The sandbox agent answers in this language. */
  locale: z.enum(LOCALES).optional(),
  message: ZCustomerMessageBody,
});
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;
/** A guest's history and send answers carry `guestProof`: the widget keeps it for this browser session. */
const guestProof = z.string().optional();
export const ZSendMessageResponse = z.object({
  _id: z.string(),
  createdAt: z.string(),
  session_id: z.string(),
  guestProof,
});
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

const page = {
  limit: z.number().int().min(1).max(50),
  skip: z.number().int().min(0).max(1_000_000),
};
export const ZHistoryRequest = ZChatIdentity.extend(page);
export type THistoryRequest = z.input<typeof ZHistoryRequest>;
/** One page, oldest first; pages count back from the newest message. */
export const ZHistoryResponse = z.object({ messages: z.array(ZChatMessage), total: z.number().int(), guestProof });
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

export const ZReadCustomerRequest = ZChatIdentity;
export const ZReadCustomerResponse = z.object({ message: z.literal('OK') });

export const ZUploadResponse = z.object({ path: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
/** Upload refusals: KEY_INVALID with one of these reasons (docs/decisions/012). */
export const UPLOAD_REFUSALS = { notSupported: 'FILE_NOT_SUPPORTED', tooLarge: 'FILE_TOO_LARGE' } as const;
export const ZChatFileParams = z.strictObject({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$/) });

// Socket events.
export const ZSocketAuth = z.object({
  token: z.string().max(200).optional(),
  guestId: ZGuestId.optional(),
  operatorToken: z.string().max(200).optional(),
  /** A member socket connecting again: the live cursor it last heard (contracts/live.ts). */
  since: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TSocketAuth = z.infer<typeof ZSocketAuth>;
export const ZJoinAck = z.object({ ok: z.boolean(), room: z.string().optional(), message: z.string().optional() });
export type TJoinAck = z.infer<typeof ZJoinAck>;

/** The plain WebSocket backend speaks JSON envelopes carrying the same message. */
export const ZWsClientFrame = z.object({
  event: z.literal('join'),
  token: z.string().max(200).optional(),
  guestId: ZGuestId.optional(),
});
export type TWsClientFrame = z.infer<typeof ZWsClientFrame>;
export type TWsServerFrame =
  | { event: 'joined'; room: string }
  | { event: 'messaging'; data: TChatMessage }
  | { event: 'error'; message: string };

// Agent API (operator token).
export const ZAgentTarget = ZChatIdentity.omit({ guestProof: true });
export const ZAgentConversationsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ZAgentConversation = z.object({
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  session_id: z.string(),
  sessionClosed: z.boolean(),
  lastMessage: ZChatMessage.nullable(),
  lastMessageAt: z.string().nullable(),
  unread: z.number().int(),
  /** A member's conversation (name and username from the account) or a guest's (self-declared names). */
  senderKind: z.enum(['member', 'guest']),
  verified: z.boolean(),
});
export type TAgentConversation = z.infer<typeof ZAgentConversation>;
export const ZAgentConversationsResponse = z.object({
  conversations: z.array(ZAgentConversation),
  total: z.number().int(),
});
export const ZAgentHistoryRequest = ZAgentTarget.extend(page);
export const ZAgentReplyRequest = ZAgentTarget.extend({
  name: z.string().trim().min(1).max(100).optional(),
  message: ZAgentMessageBody,
});
export type TAgentReplyRequest = z.input<typeof ZAgentReplyRequest>;
export const ZAgentCloseResponse = z.object({ message: z.literal('OK'), session_id: z.string() });

// Attachments (docs/product.md §5): one rule for the SPA's check and the server's.
const EXTENSION_KIND: Record<string, 'image' | 'video'> = {
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
  quicktime: 'video',
};
export const CHAT_MAX_MB = { image: CHAT_IMAGE_MAX_MB, video: CHAT_VIDEO_MAX_MB } as const;
export const MB = 1024 * 1024;

export type AttachmentProblem = { problem: 'notSupported' } | { problem: 'tooLarge'; maxMb: number };

/** The kind of an attachment by its extension, checked against its MIME type when the browser gives one. */
export function attachmentKind(file: { name: string; type: string }): 'image' | 'video' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const kind = file.name.includes('.') ? EXTENSION_KIND[ext] : undefined;
  if (!kind) return null;
  const declared = file.type && file.type !== 'application/octet-stream' ? file.type : '';
  if (declared && !declared.startsWith(`${kind}/`)) return null;
  return kind;
}

export function attachmentProblem(file: { name: string; type: string; size: number }): AttachmentProblem | null {
  const kind = attachmentKind(file);
  if (!kind) return { problem: 'notSupported' };
  const maxMb = CHAT_MAX_MB[kind];
  return file.size > maxMb * MB ? { problem: 'tooLarge', maxMb } : null;
}
