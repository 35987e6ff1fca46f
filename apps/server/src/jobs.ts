// The background jobs of one instance (docs/architecture.md §6): each takes its work from the database with
// leases or SKIP LOCKED, so several instances can run them and a restart loses nothing. An
// interval of 0 turns a job off (tests call its runOnce instead).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import type { PassReport } from './lib/interval-job.ts';
import { createAttemptsPrune, createSessionsPrune } from './modules/auth/index.ts';
import { createChatUploadCleanup, createLiveEventsPrune } from './modules/chat/index.ts';
import {
  createBankNoticeSweep,
  createDepositRulesCatchUp,
  createQrExpiryJob,
  createSlipRechecker,
  createTruemoneySweep,
} from './modules/deposit/index.ts';
import { createStaffSessionsPrune } from './modules/staff/index.ts';
import { createTurnoverSync } from './modules/turnover/index.ts';
import { createReconciler } from './modules/wallet/index.ts';
import { createPayoutWorker } from './modules/withdraw/index.ts';

type Job = {
  start(intervalMs: number, onError: (err: unknown) => void, onPass?: (pass: PassReport) => void): void;
  isRunning(): boolean;
  /** Aborts the pass's signal: a pass stops between items and hands back what it has not begun. */
  abort(): void;
  stop(): Promise<unknown>;
};

/** What the readiness check and a graceful stop see of this instance's jobs. */
export type Jobs = {
  /** Jobs that are on (interval above 0) and not running: not started, or stopped. */
  notRunning(): string[];
  /** Every job told to stop between items; resolves when the running passes have. */
  stop(): Promise<void>;
};

export function startJobs(app: FastifyInstance, ctx: AppContext): Jobs {
  const { config } = ctx;
  const jobs: [string, Job, number][] = [
    ['reconciliation', createReconciler(ctx), config.RECONCILE_INTERVAL_MS],
    [
      'qr expiry',
      createQrExpiryJob(ctx, (err, qr) => app.log.warn({ err, qrcodeId: qr.id }, 'qr expiry retried later')),
      config.QR_JOB_INTERVAL_MS,
    ],
    ['truemoney sweep', createTruemoneySweep(ctx, app.log), config.TRUEMONEY_INTERVAL_MS],
    ['bank feed sweep', createBankNoticeSweep(ctx, app.log), config.BANK_FEED_INTERVAL_MS],
    ['payout worker', createPayoutWorker(ctx), config.PAYOUT_INTERVAL_MS],
    ['slip recheck', createSlipRechecker(ctx), config.SLIP_JOB_INTERVAL_MS],
    ['deposit rules catch-up', createDepositRulesCatchUp(ctx), config.DEPOSIT_RULES_INTERVAL_MS],
    ['turnover sync', createTurnoverSync(ctx), config.TURNOVER_SYNC_INTERVAL_MS],
    ['chat upload cleanup', createChatUploadCleanup(ctx), config.CHAT_UPLOAD_CLEANUP_INTERVAL_MS],
    ['attempt counters prune', createAttemptsPrune(ctx), config.ATTEMPTS_PRUNE_INTERVAL_MS],
    ['ended sessions prune', createSessionsPrune(ctx), config.SESSIONS_PRUNE_INTERVAL_MS],
    ['ended console sessions prune', createStaffSessionsPrune(ctx), config.SESSIONS_PRUNE_INTERVAL_MS],
    ['live events prune', createLiveEventsPrune(ctx), config.LIVE_EVENTS_PRUNE_INTERVAL_MS],
  ];
  for (const [name, job, intervalMs] of jobs) {
    if (intervalMs > 0) ctx.metrics?.jobStarted(name, intervalMs);
    const onError = (err: unknown) => {
      ctx.metrics?.jobFailed(name);
      app.log.error({ err }, `${name} failed`);
    };
    job.start(intervalMs, onError, (pass) => ctx.metrics?.jobPass(name, pass));
  }
  const on = jobs.filter(([, , intervalMs]) => intervalMs > 0);
  const stop = async () => {
    for (const [, job] of jobs) job.abort();
    await Promise.all(jobs.map(([, job]) => job.stop()));
  };
  app.addHook('onClose', stop);
  return { notRunning: () => on.filter(([, job]) => !job.isRunning()).map(([name]) => name), stop };
}
