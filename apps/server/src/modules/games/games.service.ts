// Game accounts (docs/product.md §2.6; wallet activate / account / resetpassword, auto login):
// the provider creates the player, we keep its credentials sealed and open the member's ledger
// account for the game in the same transaction.
import { AUTO_LOGIN_GAMES, type AutoLoginGame } from '@krapao/contracts/games';
import type { TActivateResponse, TAutoLoginResponse, TGameAccount } from '@krapao/contracts/wallet';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderCredentials } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { createMemberRepository } from '../account/index.ts';
import { createGameCatalog, createGamePasswordBox, passwordContext } from './game-catalog.ts';
import { createGamesRepository } from './games.repository.ts';

/** Auto-login path → the game codes it serves. */
const AUTO_LOGIN_BY_PATH = new Map<string, AutoLoginGame>(
  Object.entries(AUTO_LOGIN_GAMES).map(([code, g]) => [g.path, code as AutoLoginGame]),
);
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

type Log = Pick<FastifyBaseLogger, 'warn'>;
const silent: Log = { warn: () => {} };

export function createGamesService(ctx: AppContext, log: Log = silent) {
  const repo = createGamesRepository(ctx.db);
  const catalog = createGameCatalog(ctx);
  const members = createMemberRepository(ctx.db);
  const box = createGamePasswordBox(ctx);

  /** A game open to new accounts and play: NO_GAME when unknown or off, GAME_MAINTENANCE under maintenance. */
  async function playableOrFail(code: string) {
    const game = await repo.game(code);
    if (!game?.isEnabled) throw new AppError('NO_GAME');
    if (game.maintenanceMessage !== null) throw new AppError('GAME_MAINTENANCE');
    return game;
  }

  async function accountOrFail(memberId: number, code: string) {
    if (!(await repo.game(code))) throw new AppError('NO_GAME');
    const account = await catalog.account(memberId, code);
    if (!account) throw new AppError('SLOT_NO_ACCOUNT');
    return account;
  }

  return {
    async activate(memberId: number, code: string): Promise<TActivateResponse> {
      await playableOrFail(code);
      if (await repo.account(memberId, code)) throw new AppError('SLOT_ALREADY_ACTIVE');
      const member = await members.byId(memberId);
      if (!member) throw new AppError('invalid-token');

      let credentials: ProviderCredentials;
      try {
        credentials = await catalog
          .provider(code)
          .createPlayer({ gameCode: code, memberId, currency: member.currency });
      } catch (err) {
        log.warn({ gameCode: code, reason: reasonOf(err) }, 'activation failed');
        throw new AppError('SLOT_ACTIVATE_FAIL');
      }
      const opened = await repo.openAccount({
        memberId,
        gameCode: code,
        username: credentials.username,
        passwordEnc: box.seal(credentials.password, passwordContext(memberId, code)),
        event: credentials.event,
        currency: member.currency,
        at: ctx.now(),
      });
      // A parallel activation won the race: the provider player made here stays unused.
      if (!opened) throw new AppError('SLOT_ALREADY_ACTIVE');
      return { message: 'SUCCESS', ...credentials };
    },

    account: (memberId: number, code: string): Promise<TGameAccount> => accountOrFail(memberId, code),

    async resetPassword(memberId: number, code: string): Promise<TGameAccount> {
      const current = await accountOrFail(memberId, code);
      let credentials: TGameAccount;
      try {
        credentials = await catalog.provider(code).resetPassword({ gameCode: code, username: current.username });
      } catch (err) {
        log.warn({ gameCode: code, reason: reasonOf(err) }, 'reset failed');
        throw new AppError('SLOT_RESET_PASSWORD_FAIL');
      }
      await repo.updateCredentials(memberId, code, {
        passwordEnc: box.seal(credentials.password, passwordContext(memberId, code)),
        event: credentials.event,
        at: ctx.now(),
      });
      return { username: current.username, password: credentials.password, event: credentials.event };
    },

    /**
     * A one-time launch link, only for the member's own account of a game on that auto-login path
     * (and its current password when the path carries one), and only while the game is on.
     */
    async autoLogin(memberId: number, path: string, username: string, password?: string): Promise<TAutoLoginResponse> {
      const code = AUTO_LOGIN_BY_PATH.get(path);
      const spec = code && AUTO_LOGIN_GAMES[code];
      if (!code || !spec || spec.withPassword !== (password !== undefined)) throw new AppError('SLOT_NO_ACCOUNT');
      const account = await catalog.account(memberId, code);
      const owns =
        account !== null &&
        account.username === username &&
        (password === undefined || safeEqual(account.password, password));
      if (!account || !owns) throw new AppError('SLOT_NO_ACCOUNT');
      await playableOrFail(code);
      try {
        return { link: await catalog.provider(code).launchLink({ gameCode: code, username }) };
      } catch (err) {
        log.warn({ gameCode: code, reason: reasonOf(err) }, 'launch failed');
        throw new AppError('SLOT_ACTIVATE_FAIL');
      }
    },
  };
}
export type GamesService = ReturnType<typeof createGamesService>;
