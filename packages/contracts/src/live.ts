// The member's live money events: after money arrives or settles, the server tells the member's own
// sockets on the chat's socket.io server (CHAT_SOCKET_PATH). An event is a hint: the app re-reads the
// wallet, the statement and the open QR from the API, so a lost event only leaves the old behaviour
// (the buttons and refreshes). It carries no secret: what happened, how much, and a QR's id.
import { z } from 'zod';

/** The socket.io event name. */
export const MEMBER_LIVE_EVENT = 'money';

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
  kind: z.enum(MEMBER_LIVE_KINDS),
  /** In the member's currency, as every amount on the wire. */
  amount: z.number().nonnegative(),
  /** The QR's qrcodeId, for a deposit made by paying that QR. */
  qrcodeId: z.string().max(64).optional(),
});
export type TMemberLiveEvent = z.infer<typeof ZMemberLiveEvent>;

/**
 * The room a member's sockets join on connecting, chosen by the server from the verified session:
 * never the chat's room (chatRoom) of any member or guest, and never joinable by a client's `join`.
 */
export function memberLiveRoom(prefix: string, memberId: number | string): string {
  return `${prefix}:live:${memberId}`;
}
