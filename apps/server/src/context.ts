import type { GameProviderRegistry } from './adapters/games/game-providers.ts';
import type { PaymentAdapters } from './adapters/payments.ts';
import type { SmsAdapter } from './adapters/sms/sms.port.ts';
import type { FileStorage } from './adapters/storage/storage.port.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Metrics } from './lib/metrics.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';

/** What every module is built from: configuration, the database, the outside parties and a clock. */
export type AppContext = {
  config: Config;
  db: Db;
  sms: SmsAdapter;
  now: () => Date;
  limiter: RateLimiter;
  /** One set of game-provider adapters per app: the sandbox's fault setting is shared. */
  gameProviders: GameProviderRegistry;
  /** QR gateway, slip verifier, bank feed, TrueMoney and payouts: one set per app (docs/architecture.md §1). */
  payments: PaymentAdapters;
  /** Counters and timings for /api/metrics; absent in scripts that build a context of their own. */
  metrics?: Metrics;
  /** Slips, chat uploads and banners, in the store every instance shares (docs/architecture.md §7). */
  files: FileStorage;
};
