// The member's live money events (contracts/live.ts): a money path calls publishMemberLive after its
// change committed. The chat's realtime hub (modules/chat) registers the publisher of each app
// context, so the money modules reach the member's sockets without depending on the chat module.
// A hint only: nothing waits for it; a lost one leaves the app's old behaviour (its buttons, refreshes).
// Each event is kept for MEMBER_LIVE_KEEP_MS under an id (the cursor), so a socket that connects
// again after a gap is sent what it missed (missedMemberLive).
import type { Currency } from '@krapao/contracts/constants';
import {
  MEMBER_LIVE_KEEP_MS,
  MEMBER_LIVE_REPLAY_MAX,
  type MemberLiveKind,
  type TMemberLiveEvent,
  ZMemberLiveEvent,
} from '@krapao/contracts/live';
import { fromMinor } from '@krapao/contracts/money';
import { and, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { sessions } from '../db/schema/auth.ts';
import { memberLiveEvents } from '../db/schema/member-live.ts';

type Publish = (memberId: number, event: TMemberLiveEvent) => void;
const publishers = new WeakMap<AppContext, Publish>();

/** The realtime hub starts (a function) or stops (null) for this app context. */
export function setMemberLivePublisher(ctx: AppContext, publish: Publish | null): void {
  if (publish) publishers.set(ctx, publish);
  else publishers.delete(ctx);
}

export type MemberMoney = {
  kind: MemberLiveKind;
  /** Minor units of the member's currency. */
  amount: bigint;
  /** The member's currency code: BAHT or LAK. */
  currency: string;
  qrcodeId?: string;
};

/**
 * Keeps the event for a socket that connects again, then tells the member's own sockets on every
 * instance (with no running hub on this instance, it is only kept). An event that could not be kept
 * is still told, without an id.
 */
export function publishMemberLive(ctx: AppContext, memberId: number, money: MemberMoney): void {
  const currency: Currency = money.currency === 'LAK' ? 'LAK' : 'BAHT';
  const event: TMemberLiveEvent = {
    kind: money.kind,
    amount: fromMinor(money.amount < 0n ? -money.amount : money.amount, currency),
  };
  if (money.qrcodeId) event.qrcodeId = money.qrcodeId;
  const tell = (id?: number) => publishers.get(ctx)?.(memberId, id ? { id, ...event } : event);
  ctx.db
    .insert(memberLiveEvents)
    .values({ memberId, event, createdAt: ctx.now() })
    .returning({ id: memberLiveEvents.id })
    .then(
      ([row]) => tell(row?.id),
      () => tell(),
    );
}

export type MissedMemberLive = { events: TMemberLiveEvent[]; cursor: number };

/** Whose socket asks: the member, and the session it signed in with. */
export type LiveListener = { memberId: number; sessionId: number };

/**
 * What a member's socket missed after the cursor `since` (the latest MEMBER_LIVE_REPLAY_MAX kept),
 * and the cursor to send next time. Without `since` (a first connection) only the cursor. Only
 * events kept since the socket's session began are sent: a tab that has just signed in asks from 0
 * and hears what came between its sign-in and its socket, never what came before.
 */
export async function missedMemberLive(
  ctx: AppContext,
  listener: LiveListener,
  since?: number,
): Promise<MissedMemberLive> {
  const { memberId, sessionId } = listener;
  const [latest] = await ctx.db
    .select({ id: max(memberLiveEvents.id) })
    .from(memberLiveEvents)
    .where(eq(memberLiveEvents.memberId, memberId));
  const cursor = Math.max(since ?? 0, latest?.id ?? 0);
  if (since === undefined || cursor === since) return { events: [], cursor };
  const kept = new Date(ctx.now().getTime() - MEMBER_LIVE_KEEP_MS);
  const signedIn = sql`(select ${sessions.createdAt} from ${sessions} where ${sessions.id} = ${sessionId})`;
  const rows = await ctx.db
    .select({ id: memberLiveEvents.id, event: memberLiveEvents.event })
    .from(memberLiveEvents)
    .where(
      and(
        eq(memberLiveEvents.memberId, memberId),
        gt(memberLiveEvents.id, since),
        gt(memberLiveEvents.createdAt, kept),
        sql`${memberLiveEvents.createdAt} >= ${signedIn}`,
      ),
    )
    .orderBy(desc(memberLiveEvents.id))
    .limit(MEMBER_LIVE_REPLAY_MAX);
  const events = rows
    .reverse()
    .map((row) => ZMemberLiveEvent.safeParse({ ...(row.event as object), id: row.id }))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  return { events, cursor };
}

/** Deletes the events no socket is sent any more; the number deleted. */
export async function pruneMemberLive(ctx: AppContext): Promise<number> {
  const kept = new Date(ctx.now().getTime() - MEMBER_LIVE_KEEP_MS);
  const gone = await ctx.db
    .delete(memberLiveEvents)
    .where(lt(memberLiveEvents.createdAt, kept))
    .returning({ id: memberLiveEvents.id });
  return gone.length;
}
