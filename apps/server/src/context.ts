import type { GameProviderRegistry } from './adapters/games/game-providers.ts';
import type { PaymentAdapters } from './adapters/payments.ts';
import type { SmsAdapter } from './adapters/sms/sms.port.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
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
  /** QR gateway, slip verifier, bank feed, TrueMoney and payouts: one set per app (DESIGN §5). */
  payments: PaymentAdapters;
};
