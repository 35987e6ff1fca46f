// Starts the console's live channel on the app's HTTP server and keeps it per app context, so
// `publishOpsQueue` reaches the hub of the app that made the change; `changed` events reach it through
// lib/ops-changes.ts.
import type { TOpsQueueEvent } from '@krapao/contracts/ops/live';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { setOpsChangePublisher } from '../../lib/ops-changes.ts';
import { createStaffSessionCheck } from '../staff/index.ts';
import { createOpsLiveHub, type OpsLiveHub } from './ops-live-hub.ts';

const hubs = new WeakMap<AppContext, OpsLiveHub>();

/**
 * Tells the staff working `event.queue` that an item changed; call it after the change committed.
 * Nothing happens without a running hub (scripts, tests of apps built without it).
 */
export function publishOpsQueue(ctx: AppContext, event: TOpsQueueEvent): void {
  hubs.get(ctx)?.publish(event);
}

export const opsLivePlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  const hub = createOpsLiveHub({
    server: app.server,
    config: ctx.config,
    sessions: createStaffSessionCheck(ctx),
    log: app.log,
  });
  hubs.set(ctx, hub);
  setOpsChangePublisher(ctx, (event) => hub.publishChange(event));
  app.addHook('preClose', async () => {
    hub.disconnect();
  });
  app.addHook('onClose', async () => {
    hubs.delete(ctx);
    setOpsChangePublisher(ctx, null);
    await hub.close();
  });
});
