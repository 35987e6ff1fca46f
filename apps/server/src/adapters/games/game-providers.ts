// One set of game-provider adapters per app (so the sandbox's fault setting is shared by every
// module), chosen by GAME_PROVIDER. A real provider plugs in here behind the same port.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Metrics, timedAdapter } from '../../lib/metrics.ts';
import type { GameProvider } from './game-provider.port.ts';
import { PROVIDER_METHODS } from './sandbox/faults.ts';
import { createSandboxProvider, type SandboxGameProvider } from './sandbox/sandbox-provider.ts';

export type GameProviderRegistry = {
  /** The adapter that serves a game. */
  forGame(gameCode: string): GameProvider;
  /** The sandbox demo provider (its books, fault control and pages) when GAME_PROVIDER=sandbox. */
  sandbox: SandboxGameProvider | null;
  /** Lets calls still on their way finish before the database closes. */
  close(): Promise<void>;
};

/** Where the demo provider's pages are reached from a browser; by default another origin than the SPA's. */
export function demoProviderUrl(config: Pick<Config, 'DEMO_PROVIDER_URL' | 'PORT'>): string {
  return (config.DEMO_PROVIDER_URL ?? `http://localhost:${config.PORT}/demo-provider`).replace(/\/+$/, '');
}

/** Origins the SPA's CSP `form-action` must admit for form-POST launches of the configured provider. */
export function providerFormOrigins(config: Config): string[] {
  return config.GAME_PROVIDER === 'sandbox' ? [new URL(demoProviderUrl(config)).origin] : [];
}

/** Every call of the port (the methods the sandbox's faults name), each timed as an outside call. */
const PROVIDER_CALLS = PROVIDER_METHODS satisfies readonly (keyof GameProvider)[];

export function createGameProviders(opts: {
  config: Config;
  db: Db;
  now: () => Date;
  random?: () => number;
  metrics?: Metrics;
}): GameProviderRegistry {
  const { config } = opts;
  switch (config.GAME_PROVIDER) {
    case 'sandbox': {
      const sandbox = createSandboxProvider({
        db: opts.db,
        now: opts.now,
        baseUrl: demoProviderUrl(config),
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
        random: opts.random,
      });
      const timed = timedAdapter<GameProvider>(opts.metrics, 'game_provider', sandbox, PROVIDER_CALLS);
      return { forGame: () => timed, sandbox, close: () => sandbox.drain() };
    }
  }
}
