// The console's chat inbox: conversations newest first with their unread count, one conversation's
// messages, a staff member's reply and the close of a session. Permission chat.reply. Unread counts the
// customer's messages after the inbox's read mark, which opening the conversation or replying sets.
// Both lists page by cursor: `before` is the `nextCursor` of the previous page (a position in the
// list's order, the time then the id), absent for the first page. The wire message and the reply body
// are the chat's own (contracts/chat.ts).
import { z } from 'zod';
import { ZAgentConversation, ZAgentMessageBody, ZChatMessage } from '../chat.ts';
import { CHAT_MESSAGE_MAX_LENGTH, CURRENCIES } from '../constants.ts';
import { ZOpsMemberContext } from './members.ts';
import { ZLastChange } from './settings.ts';

export const chatOpsPaths = {
  /** GET ?limit=&before=: conversations with messages, the latest message first. */
  list: '/api/ops/chat/conversations',
  /** GET ?limit=&before=: one page of messages, oldest first, older pages by cursor; the first sets the read mark. */
  messages: '/api/ops/chat/conversations/:conversationId/messages',
  /** POST: a staff member's answer, delivered to the member or guest at once. */
  reply: '/api/ops/chat/conversations/:conversationId/reply',
  /** POST: ends the session; the next message opens a new one. */
  close: '/api/ops/chat/conversations/:conversationId/close',
  /** GET: the member's wallet and latest money movements, beside the conversation (members only). */
  member: '/api/ops/chat/conversations/:conversationId/member',
  /** GET the canned answers; POST a new list (the setting `chatCannedAnswers`, audited as a setting change). */
  cannedAnswers: '/api/ops/chat/canned-answers',
} as const;

export const ZOpsChatParams = z.strictObject({ conversationId: z.coerce.number().int().positive() });

/** A position in a list ordered by time then id, newest first: `<epoch milliseconds>_<id>`. */
export const ZOpsChatCursor = z.string().regex(/^\d{1,15}_\d{1,15}$/);
export type OpsChatCursor = { at: Date; id: number };
export const chatCursorOf = (at: Date, id: number) => `${at.getTime()}_${id}`;
export function parseChatCursor(cursor: string): OpsChatCursor {
  const [at, id] = cursor.split('_');
  return { at: new Date(Number(at)), id: Number(id) };
}

export const ZOpsChatListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: ZOpsChatCursor.optional(),
});
export type TOpsChatListQuery = z.input<typeof ZOpsChatListQuery>;

export const ZOpsChatConversation = ZAgentConversation.extend({ id: z.number().int() });
export type TOpsChatConversation = z.infer<typeof ZOpsChatConversation>;
export const ZOpsChatList = z.object({
  items: z.array(ZOpsChatConversation),
  total: z.number().int(),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TOpsChatList = z.infer<typeof ZOpsChatList>;

export const ZOpsChatMessagesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(50),
  before: ZOpsChatCursor.optional(),
});
/**
 * A message as the console reads it: the wire message, and for a staff reply who wrote it (the staff
 * member's display name; members never see it).
 */
export const ZOpsChatMessage = ZChatMessage.extend({
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
});
export type TOpsChatMessage = z.infer<typeof ZOpsChatMessage>;
export const ZOpsChatMessages = z.object({
  conversation: ZOpsChatConversation,
  messages: z.array(ZOpsChatMessage),
  total: z.number().int(),
  /** The cursor of the page of older messages; null when this page holds the oldest. */
  nextCursor: z.string().nullable(),
});
export type TOpsChatMessages = z.infer<typeof ZOpsChatMessages>;

/** Text, quick replies or buttons: the bodies support may send. */
export const ZOpsChatReply = z.strictObject({ message: ZAgentMessageBody });
export type TOpsChatReply = z.input<typeof ZOpsChatReply>;
/** The console's reply form: the text, and quick replies as comma-separated titles (each its own payload). */
export const ZOpsChatReplyForm = z.object({
  text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
  quickReplies: z
    .string()
    .max(1000)
    .refine((v) => quickReplyTitles(v).length <= 13 && quickReplyTitles(v).every((title) => title.length <= 80)),
});
export type TOpsChatReplyForm = z.infer<typeof ZOpsChatReplyForm>;
const quickReplyTitles = (v: string) =>
  v
    .split(',')
    .map((title) => title.trim())
    .filter(Boolean);

/** The reply a filled form sends: text, or text with quick replies when any title was given. */
export function replyOfForm(form: TOpsChatReplyForm): TOpsChatReply {
  const titles = quickReplyTitles(form.quickReplies);
  if (titles.length === 0) return { message: { message_type: 'text', payload: { text: form.text } } };
  return {
    message: {
      message_type: 'quick_replies',
      payload: { text: form.text, quick_replies: titles.map((title) => ({ title, payload: title })) },
    },
  };
}

export const ZOpsChatReplied = z.object({ id: z.string(), createdAt: z.string(), sessionId: z.string() });
export type TOpsChatReplied = z.infer<typeof ZOpsChatReplied>;
export const ZOpsChatClosed = z.object({ sessionId: z.string() });

/** The member beside the conversation; amounts in major units of `currency`. */
export const ZOpsChatMember = z.object({
  memberId: z.number().int(),
  currency: z.enum(CURRENCIES),
  wallet: z.number(),
  context: ZOpsMemberContext,
  deposits: z.array(z.object({ id: z.number().int(), amount: z.number(), status: z.string(), createdAt: z.string() })),
  slips: z.array(z.object({ id: z.number().int(), amount: z.number(), status: z.string(), createdAt: z.string() })),
});
export type TOpsChatMember = z.infer<typeof ZOpsChatMember>;

export const CANNED_ANSWERS_MAX = 30;
export const ZOpsCannedAnswersChange = z.strictObject({
  answers: z.array(z.string().trim().min(1).max(1000)).max(CANNED_ANSWERS_MAX),
});
export type TOpsCannedAnswersChange = z.infer<typeof ZOpsCannedAnswersChange>;
export const ZOpsCannedAnswers = z.object({ answers: z.array(z.string()), lastChange: ZLastChange.nullable() });
export type TOpsCannedAnswers = z.infer<typeof ZOpsCannedAnswers>;
