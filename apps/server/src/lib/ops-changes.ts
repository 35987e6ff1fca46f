// The console's `changed` events: a module that changes something console pages show (a setting, a
// game, a bonus, a promotion code, the spin wheel) calls publishOpsChange after the change committed.
// The console's live channel (modules/ops-live) registers the publisher of each app context, so
// those modules reach it without depending on the live channel's module.
import type { TOpsChangeEvent } from '@krapao/contracts/ops/live';
import type { AppContext } from '../context.ts';

type Publish = (event: TOpsChangeEvent) => void;
const publishers = new WeakMap<AppContext, Publish>();

/** The live channel starts (a function) or stops (null) for this app context. */
export function setOpsChangePublisher(ctx: AppContext, publish: Publish | null): void {
  if (publish) publishers.set(ctx, publish);
  else publishers.delete(ctx);
}

/** Tells every signed-in staff member what changed; nothing happens without a running live channel. */
export function publishOpsChange(ctx: AppContext, event: TOpsChangeEvent): void {
  publishers.get(ctx)?.(event);
}
