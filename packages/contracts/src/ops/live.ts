// The console's live channel: a socket.io connection on its own path under /api/ops (so the
// session cookie reaches it), answering only a signed-in staff member. The server tells which queue
// changed; the console reloads that queue. A staff member hears only the queues their role works.
import { z } from 'zod';
import type { Permission } from './roles.ts';

export const OPS_LIVE_PATH = '/api/ops/live';
export const OPS_LIVE_EVENT = 'queue';

/** Each live queue, with the permission that works it. */
export const OPS_QUEUES = {
  withdrawals: 'withdrawals.review',
  slips: 'slips.review',
  transfers: 'transfers.settle',
  deposits: 'deposits.assign',
  /** Four-eyes requests: manual credits and debits, payout account changes. */
  approvals: 'money.adjust.approve',
  /** The chat inbox: any message stored in a conversation (its id). */
  chat: 'chat.reply',
} as const satisfies Record<string, Permission>;
export type OpsQueue = keyof typeof OPS_QUEUES;
export const OPS_QUEUE_NAMES = Object.keys(OPS_QUEUES) as OpsQueue[];

export const ZOpsQueueEvent = z.object({
  queue: z.enum(OPS_QUEUE_NAMES as [OpsQueue, ...OpsQueue[]]),
  /** The item that changed (a withdrawal id, a slip id, ...). */
  id: z.string(),
  change: z.enum(['added', 'updated', 'removed']),
});
export type TOpsQueueEvent = z.infer<typeof ZOpsQueueEvent>;

/**
 * Something every console page may show changed (any instance): a site setting (id: its key), a game
 * (its code), a bonus or a promotion code (its code), the spin wheel. Every signed-in staff member
 * hears it; the console reloads the pages that show that kind of thing.
 */
export const OPS_CHANGE_EVENT = 'changed';
export const OPS_CHANGE_TOPICS = ['setting', 'game', 'bonus', 'promotion', 'spinWheel'] as const;
export type OpsChangeTopic = (typeof OPS_CHANGE_TOPICS)[number];
export const ZOpsChangeEvent = z.object({ topic: z.enum(OPS_CHANGE_TOPICS), id: z.string() });
export type TOpsChangeEvent = z.infer<typeof ZOpsChangeEvent>;
