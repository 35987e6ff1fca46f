// The member's live money events (contracts/live.ts): a money path calls publishMemberLive after its
// change committed. The chat's realtime hub (modules/chat) registers the publisher of each app
// context, so the money modules reach the member's sockets without depending on the chat module.
// A hint only: nothing waits for it; a lost one leaves the app's old behaviour (its buttons, refreshes).
import type { Currency } from '@krapao/contracts/constants';
import type { MemberLiveKind, TMemberLiveEvent } from '@krapao/contracts/live';
import { fromMinor } from '@krapao/contracts/money';
import type { AppContext } from '../context.ts';

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

/** Tells the member's own sockets, on every instance; nothing happens without a running hub. */
export function publishMemberLive(ctx: AppContext, memberId: number, money: MemberMoney): void {
  const publish = publishers.get(ctx);
  if (!publish) return;
  const currency: Currency = money.currency === 'LAK' ? 'LAK' : 'BAHT';
  const event: TMemberLiveEvent = {
    kind: money.kind,
    amount: fromMinor(money.amount < 0n ? -money.amount : money.amount, currency),
  };
  if (money.qrcodeId) event.qrcodeId = money.qrcodeId;
  publish(memberId, event);
}
