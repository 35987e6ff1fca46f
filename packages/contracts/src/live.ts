// The member's live money events: after money arrives or settles, the server tells the member's own
// sockets on the chat's socket.io server (CHAT_SOCKET_PATH). An event is a hint: the app re-reads the
// wallet, the statement and the open QR from the API, so a lost event only leaves the old behaviour
// (the buttons and refreshes). It carries no secret: what happened, how much, and a QR's id.
// The server keeps each event for MEMBER_LIVE_KEEP_MS: a socket that connects again with the
// cursor it last heard (`since` in its auth) is sent the events of the gap, then the new cursor.
import { z } from 'zod';

/** The socket.io event name. */
export const MEMBER_LIVE_EVENT = 'money';
/** Sent to a member's socket once it is connected, after the events of a gap: `{cursor}`. */
export const MEMBER_LIVE_CURSOR_EVENT = 'money-cursor';
/** How long the server keeps a member's events for a socket that connects again. */
export const MEMBER_LIVE_KEEP_MS = 15 * 60_000;
/** At most this many events of a gap are sent again, the latest ones. */
export const MEMBER_LIVE_REPLAY_MAX = 50;

export const MEMBER_LIVE_KINDS = [
  /** Money arrived by any channel: a QR paid, a slip verified, a TrueMoney link or transfer, a bank transfer. */
  'deposit',
  /** A slip decided after its upload answered (the recheck job, an operator) was refused. */
  'slip-refused',
  /** A wallet ↔ game transfer that had no answer settled: done, or the money went back. */
  'transfer-done',
  'transfer-failed',
  /** A withdrawal was paid to the member's bank account, or refused and the money returned. */
  'withdraw-paid',
  'withdraw-refused',
] as const;
export type MemberLiveKind = (typeof MEMBER_LIVE_KINDS)[number];

export const ZMemberLiveEvent = z.object({
  /** The event's place in the member's events: the cursor a socket sends to hear what it missed. */
  id: z.number().int().positive().optional(),
  kind: z.enum(MEMBER_LIVE_KINDS),
  /** In the member's currency, as every amount on the wire. */
  amount: z.number().nonnegative(),
  /** The QR's qrcodeId, for a deposit made by paying that QR. */
  qrcodeId: z.string().max(64).optional(),
});
export type TMemberLiveEvent = z.infer<typeof ZMemberLiveEvent>;

/** The id of the member's latest event (0: none kept); the socket's `since` when it connects again. */
export const ZMemberLiveCursor = z.object({ cursor: z.number().int().nonnegative() });
export type TMemberLiveCursor = z.infer<typeof ZMemberLiveCursor>;

/**
 * The room a member's sockets join on connecting, chosen by the server from the verified session:
 * never the chat's room (chatRoom) of any member or guest, and never joinable by a client's `join`.
 */
export function memberLiveRoom(prefix: string, memberId: number | string): string {
  return `${prefix}:live:${memberId}`;
}
