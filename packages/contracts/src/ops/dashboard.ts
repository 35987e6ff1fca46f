// The console's dashboard: the last 7 days and today in the site's time zone, the sizes of the work
// queues, and the health of the outside parties. Read-only; permission `dashboard.read`.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';

export const dashboardPaths = {
  dashboard: '/api/ops/dashboard',
} as const;

/** How many whole days before today the dashboard shows (today makes the eighth). */
export const DASHBOARD_PAST_DAYS = 7;
/** The window of the health figures, in minutes: one count per minute. */
export const HEALTH_WINDOW_MINUTES = 15;

/** How a deposit came in: deposit_references sources, and OTHER for bookings without one. */
export const DEPOSIT_CHANNELS = ['QR', 'BANK', 'TRUEMONEY', 'OTHER'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

/** The work queues a person empties; each has its own console page. */
export const DASHBOARD_QUEUES = ['withdrawals', 'slips', 'transfers', 'unmatched', 'depositReviews'] as const;
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number];

/** The outside parties, named as the adapters' metrics name them. */
export const OUTSIDE_PARTIES = [
  'game_provider',
  'gateway',
  'slip_verifier',
  'bank_feed',
  'truemoney',
  'payouts',
  'sms',
] as const;
export type OutsideParty = (typeof OUTSIDE_PARTIES)[number];

export const ZDashboardQuery = z.strictObject({ currency: z.enum(CURRENCIES).default('BAHT') });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/** Money in major units of the asked currency. */
export const ZDashboardDay = z.object({
  /** The calendar day in the site's time zone, YYYY-MM-DD. */
  date: z.string(),
  deposits: z.record(z.enum(DEPOSIT_CHANNELS), z.number()),
  withdrawalsPaid: z.number(),
  /** Deposits (all channels) minus withdrawals paid. */
  net: z.number(),
  newMembers: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

export const ZDashboardQueueSize = z.object({
  queue: z.enum(DASHBOARD_QUEUES),
  size: z.number().int(),
  /** When the oldest item entered the queue; null when it is empty. */
  oldestAt: z.string().nullable(),
});
export type TDashboardQueueSize = z.infer<typeof ZDashboardQueueSize>;

export const ZPartyHealth = z.object({
  party: z.enum(OUTSIDE_PARTIES),
  lastErrorAt: z.string().nullable(),
  lastErrorMessage: z.string().nullable(),
  /** Calls that got no answer in each of the last HEALTH_WINDOW_MINUTES minutes, oldest first. */
  timeouts: z.array(z.number().int()),
  /** The mean of `timeouts`. */
  timeoutsPerMinute: z.number(),
  /** Other failures (errors of ours or the party's) in the same window. */
  errors: z.number().int(),
});
export type TPartyHealth = z.infer<typeof ZPartyHealth>;

export const ZDashboard = z.object({
  currency: z.enum(CURRENCIES),
  timeZone: z.string(),
  generatedAt: z.string(),
  /** DASHBOARD_PAST_DAYS days and today, oldest first: the last item is today. */
  days: z.array(ZDashboardDay),
  queues: z.array(ZDashboardQueueSize),
  health: z.array(ZPartyHealth),
});
export type TDashboard = z.infer<typeof ZDashboard>;
