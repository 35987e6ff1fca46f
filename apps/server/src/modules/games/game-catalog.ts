// The games and members' game accounts as the rest of the server sees them (the wallet and transfer
// code calls exactly these). Passwords leave here decrypted; they are stored sealed.
import { GAME_CATEGORIES, type GameCategory } from '@krapao/contracts/games';
import type { GameProvider } from '../../adapters/games/game-provider.port.ts';
import { demoProviderUrl } from '../../adapters/games/game-providers.ts';
import type { AppContext } from '../../context.ts';
import { createSecretBox } from '../../lib/crypto.ts';
import { createGamesRepository, type GameRow } from './games.repository.ts';

export type Game = {
  code: string;
  name: string;
  category: GameCategory;
  /** Which adapter serves it ('demo' for the built-in sandbox). */
  provider: string;
  logo: string;
  background: string;
  ftWalletSlot: number;
  /** The provider URL the game's launch kind needs (absolute), or null. */
  web: string | null;
  /** App download links (absolute), or null. */
  android: string | null;
  ios: string | null;
  sortOrder: number;
  isEnabled: boolean;
  /** Set while the game is under maintenance: it takes no money in. */
  maintenanceMessage: string | null;
  isFeatured: boolean;
};

export type GameAccount = { username: string; password: string; event: Record<string, string> | null };

/** The additional data a sealed game password is bound to: it opens on its own row only. */
export const passwordContext = (memberId: number, gameCode: string) => `game-account:${memberId}:${gameCode}`;

export function createGamePasswordBox(ctx: Pick<AppContext, 'config'>) {
  return createSecretBox(ctx.config.APP_SECRET, 'game-password');
}

export function createGameCatalog(ctx: AppContext) {
  const repo = createGamesRepository(ctx.db);
  const box = createGamePasswordBox(ctx);
  const demoBase = demoProviderUrl(ctx.config);
  const mappedLoads = new WeakMap<readonly GameRow[], Game[]>();

  /** Demo-provider games keep their links relative to DEMO_PROVIDER_URL, so a changed PORT or URL just works. */
  function toGame(row: GameRow): Game {
    const resolve = (link: string | null) =>
      row.provider === 'demo' && link?.startsWith('/') ? `${demoBase}${link}` : link;
    return {
      code: row.code,
      name: row.name,
      category: (GAME_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as GameCategory) : 'slot',
      provider: row.provider,
      logo: row.logo,
      background: row.background,
      ftWalletSlot: Number(row.ftWalletSlot),
      web: resolve(row.web),
      android: resolve(row.android),
      ios: resolve(row.ios),
      sortOrder: row.sortOrder,
      isEnabled: row.isEnabled,
      maintenanceMessage: row.maintenanceMessage,
      isFeatured: row.isFeatured,
    };
  }

  return {
    /** Enabled games (under maintenance or not) in display order: featured first. */
    async games(): Promise<Game[]> {
      return (await repo.enabledGames()).map(toGame);
    },

    /**
     * Every game, off ones too, in display order (a member's money may still sit in an off game); shared
     * between callers, never to be mutated.
     */
    async allGames(): Promise<Game[]> {
      // Read on every wallet call: mapped once per load of the repository's one-second cache.
      const rows = await repo.allGames();
      let mapped = mappedLoads.get(rows);
      if (!mapped) {
        mapped = rows.map(toGame);
        mappedLoads.set(rows, mapped);
      }
      return mapped;
    },

    /** A game by code, enabled or not (money in a disabled game must still come out); null when unknown. */
    async game(code: string): Promise<Game | null> {
      const row = await repo.game(code);
      return row ? toGame(row) : null;
    },

    /** The member's game accounts: game code → provider username. */
    async accountsOf(memberId: number): Promise<Map<string, { username: string }>> {
      const rows = await repo.accountsOf(memberId);
      return new Map(rows.map((r) => [r.gameCode, { username: r.username }]));
    },

    /** The member's credentials at one game, password decrypted; null when the account is not open. */
    async account(memberId: number, code: string): Promise<GameAccount | null> {
      const row = await repo.account(memberId, code);
      if (!row) return null;
      return {
        username: row.username,
        password: box.open(row.passwordEnc, passwordContext(memberId, code)),
        event: row.event ?? null,
      };
    },

    /** The adapter of the provider that serves this game. */
    provider(code: string): GameProvider {
      return ctx.gameProviders.forGame(code);
    },
  };
}
export type GameCatalog = ReturnType<typeof createGameCatalog>;
