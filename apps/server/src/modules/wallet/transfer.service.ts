// Transfers between the main wallet and game accounts (docs/architecture.md §3.2): a saga per leg —
// park the money in TRANSIT, call the provider with our transfer id, then settle.
import { type Currency, MAIN_WALLET_CODE, MIN_TRANSFER } from '@krapao/contracts/constants';
import { fromMinor, MINOR_UNITS, toMinor } from '@krapao/contracts/money';
import type { TTransferResponse } from '@krapao/contracts/wallet';
import { ProviderRejected, ProviderUnavailable } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createMemberRepository } from '../account/index.ts';
import { createGameCatalog } from '../games/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { assertLossAllowed, assertNotExcluded, hasLossLimit, noteLossRefused } from '../protection/index.ts';
import { type BookingState, createGameResults } from './game-results.ts';
import { createSettlement, type TransferRow, transferIdOf } from './transfer-settlement.ts';
import { createWalletHotPath } from './wallet.hot-path.ts';
import { createWalletRepository } from './wallet.repository.ts';

type GameSide = { code: string; accountId: number; username: string; walletId: number | null; booking?: Booking };
type Booking = BookingState | null;

export function createTransferService(ctx: AppContext) {
  const ledger = createLedger(ctx);
  const catalog = createGameCatalog(ctx);
  const members = createMemberRepository(ctx.db);
  const repo = createWalletRepository(ctx.db);
  const hot = createWalletHotPath(ctx.db);
  const settlement = createSettlement(ctx, ledger);
  const gameResults = createGameResults(ctx, ledger);

  async function memberOf(memberId: number) {
    const member = await members.byId(memberId);
    if (!member) throw new AppError('invalid-token');
    return { id: member.id, currency: member.currency as Currency };
  }

  async function walletAccount(memberId: number) {
    const wallet = await ledger.memberAccount(memberId, MAIN_WALLET_CODE);
    if (!wallet) throw new AppError('NO_WALLET');
    return wallet;
  }

  /** A game account to move money with; money may leave a disabled game or one under maintenance but not go in. */
  async function gameSide(memberId: number, code: string, isDestination = false): Promise<GameSide> {
    return sideOf(await hot.transferSide(memberId, code), code, isDestination);
  }

  async function sideOf(
    side: (Awaited<ReturnType<typeof hot.transferSide>> & { booking?: Booking }) | null,
    code: string,
    isDestination: boolean,
  ): Promise<GameSide> {
    const game = await catalog.game(code);
    if (!game || (isDestination && !game.isEnabled)) throw new AppError('NO_GAME');
    if (isDestination && game.maintenanceMessage !== null) throw new AppError('GAME_MAINTENANCE');
    if (side?.gameAccountId == null || side.username == null) throw new AppError('SLOT_NO_ACCOUNT');
    const { gameAccountId: accountId, username, walletId, booking } = side;
    return { code, accountId, username, walletId, booking };
  }

  function amountOf(amount: number, currency: Currency): bigint {
    let minor: bigint;
    try {
      minor = toMinor(amount, currency);
    } catch {
      throw new AppError('KEY_INVALID', { fields: ['amount'] });
    }
    if (minor < BigInt(MIN_TRANSFER * MINOR_UNITS[currency])) throw new AppError('TRANSFER_MINIMUM');
    return minor;
  }

  function answer(t: TransferRow, status: 'SUCCESS' | 'PENDING'): TTransferResponse {
    return { message: status, status, transferId: String(t.id), amount: fromMinor(t.amount, t.currency as Currency) };
  }

  /** A transfer already recorded under this key answers from the ledger instead of running again. */
  async function replay(memberId: number, key: string): Promise<TTransferResponse> {
    const t = await repo.transferByKey(memberId, key);
    if (!t) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    if (t.status === 'FAILED') throw new AppError('TRANSFER_FAIL');
    return answer(t, t.status === 'SUCCESS' ? 'SUCCESS' : 'PENDING');
  }

  /** The transfer row of step 1. */
  function transferRow(
    member: { id: number; currency: Currency },
    direction: 'TO_GAME' | 'FROM_GAME',
    game: GameSide,
    amount: bigint,
    key: string | null,
  ) {
    return {
      memberId: member.id,
      type: 'TRANSFER',
      statementType: 'transfer',
      fromCode: direction === 'TO_GAME' ? MAIN_WALLET_CODE : game.code,
      toCode: direction === 'TO_GAME' ? game.code : MAIN_WALLET_CODE,
      amount,
      currency: member.currency,
      idempotencyKey: key,
      metadata: { direction, gameCode: game.code, username: game.username },
    };
  }

  /** Step 1, one atomic statement (decision 035): the transfer row and the money held in TRANSIT. */
  async function park(
    member: { id: number; currency: Currency },
    direction: 'TO_GAME' | 'FROM_GAME',
    game: GameSide,
    sourceAccountId: number,
    amount: bigint,
    key: string | null,
  ): Promise<TransferRow> {
    const transit = await ledger.houseAccountId(HOUSE.TRANSIT, member.currency, member.id);
    return ledger.hold(transferRow(member, direction, game, amount, key), sourceAccountId, transit);
  }

  /**
   * Money into a game passes the protection gates under the member row lock, then `then` runs in the
   * same transaction: refused while the member is excluded or when `added` could take them past a
   * loss limit (that refusal is recorded, with `amount`, in a transaction of its own). A loss limit
   * counts what is at risk: money in games and settled play. So for a member with one, what was won
   * or lost in their games since the last refresh is booked first: a loss still sitting at a
   * provider counts against the limit, and the game balances are the providers'.
   */
  async function intoGame<T>(
    memberId: number,
    amount: bigint,
    then: (tx: Tx) => Promise<T>,
    now = ctx.now(),
    added = amount,
  ) {
    if (await hasLossLimit(ctx.db, memberId)) await bookPlay(memberId);
    try {
      return await ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        await assertNotExcluded(tx, memberId, now);
        await assertLossAllowed(tx, memberId, added, now);
        return then(tx);
      });
    } catch (err) {
      await noteLossRefused(ctx.db, memberId, amount, err, now);
      throw err;
    }
  }

  /** Books every game's results of the member; a provider that does not answer is left for the next refresh. */
  async function bookPlay(memberId: number) {
    const accounts = await catalog.accountsOf(memberId);
    await Promise.allSettled([...accounts.keys()].map((code) => gameResults.book(memberId, code)));
  }

  /**
   * Step 1 into a game. A member with no exclusion in force and no loss limit is parked in one
   * statement that checks exactly that under the member row lock; any other member goes through
   * the gates (`intoGame`), which park in the same transaction when they pass.
   */
  async function parkIntoGame(
    member: { id: number; currency: Currency },
    game: GameSide,
    sourceAccountId: number,
    amount: bigint,
    key: string | null,
  ): Promise<TransferRow> {
    const now = ctx.now();
    const transit = await ledger.houseAccountId(HOUSE.TRANSIT, member.currency, member.id);
    const row = transferRow(member, 'TO_GAME', game, amount, key);
    const parked = await ledger.holdUngated(now, row, sourceAccountId, transit);
    if (parked) return parked;
    return intoGame(member.id, amount, (tx) => ledger.hold(row, sourceAccountId, transit, tx), now);
  }

  /** Steps 2 and 3: the provider call, then settlement — or UNKNOWN for reconciliation. */
  async function callProvider(t: TransferRow, direction: 'TO_GAME' | 'FROM_GAME', game: GameSide) {
    const provider = catalog.provider(game.code);
    const call = { gameCode: game.code, username: game.username, amount: t.amount, transferId: transferIdOf(t) };
    const known = game.walletId === null ? undefined : { wallet: game.walletId, game: game.accountId };
    try {
      await (direction === 'TO_GAME' ? provider.deposit(call) : provider.withdraw(call));
    } catch (err) {
      void recordCallFailure(ctx, 'game_provider', err, game.code);
      if (err instanceof ProviderRejected) {
        await settlement.settle(t, 'FAILED', known);
        throw new AppError('TRANSFER_FAIL');
      }
      if (!(err instanceof ProviderUnavailable)) throw err;
      const outcome = await settlement.resolve(t, provider);
      if (outcome === 'FAILED') throw new AppError('TRANSFER_FAIL');
      return answer(t, outcome === 'SUCCESS' ? 'SUCCESS' : 'PENDING');
    }
    const status = await settlement.settle(t, 'SUCCESS', known);
    if (status === 'FAILED') throw new AppError('TRANSFER_FAIL');
    return answer(t, 'SUCCESS');
  }

  async function leg(
    member: { id: number; currency: Currency },
    direction: 'TO_GAME' | 'FROM_GAME',
    game: GameSide,
    amount: bigint,
    key: string | null,
  ): Promise<TTransferResponse> {
    let source: number;
    if (direction === 'TO_GAME') {
      if (game.walletId === null) throw new AppError('NO_WALLET');
      source = game.walletId;
    } else {
      // The game balance we hold must match the provider's before money comes out of it. A provider
      // that cannot tell us its balance fails the transfer before anything moved (not a 500).
      try {
        await gameResults.book(member.id, game.code, game);
      } catch (err) {
        if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) throw new AppError('TRANSFER_FAIL');
        throw err;
      }
      source = game.accountId;
    }
    let t: TransferRow;
    try {
      t =
        direction === 'TO_GAME'
          ? await parkIntoGame(member, game, source, amount, key)
          : await park(member, direction, game, source, amount, key);
    } catch (err) {
      if (key && isUniqueViolation(err)) return replay(member.id, key);
      throw err;
    }
    return callProvider(t, direction, game);
  }

  return {
    settlement,

    async transfer(memberId: number, from: string, to: string, amountWire: number, key: string | null) {
      if (from === to) throw new AppError('KEY_INVALID', { fields: ['to'] });
      const single = from === MAIN_WALLET_CODE ? to : to === MAIN_WALLET_CODE ? from : null;
      if (single !== null) {
        // Between the wallet and one game: the member and that game's side in one statement.
        const toGame = from === MAIN_WALLET_CODE;
        // Out of a game, the game's booking state comes with it (the game-result check reads it first).
        const side = toGame ? await hot.transferSide(memberId, single) : await hot.transferSideOut(memberId, single);
        if (!side) throw new AppError('invalid-token');
        const member = { id: memberId, currency: side.currency as Currency };
        const amount = amountOf(amountWire, member.currency);
        const game = await sideOf(side, single, toGame);
        return leg(member, toGame ? 'TO_GAME' : 'FROM_GAME', game, amount, key);
      }
      const member = await memberOf(memberId);
      const amount = amountOf(amountWire, member.currency);
      // Game to game goes through the wallet: if the second leg fails the money stays in the wallet.
      const source = await gameSide(memberId, from);
      const target = await gameSide(memberId, to, true);
      // Refused before the money leaves the first game (checked again under the lock going in). The
      // money is in games already, so it adds nothing to what is at risk.
      await intoGame(memberId, amount, async () => undefined, ctx.now(), 0n);
      await leg(member, 'FROM_GAME', source, amount, key && `${key}:out`);
      return leg(member, 'TO_GAME', target, amount, key && `${key}:in`);
    },

    /** Moves the whole main wallet to one game ("transfer and play", docs/product.md §2.6). */
    async transferAll(memberId: number, to: string, key: string | null) {
      const member = await memberOf(memberId);
      const game = await gameSide(memberId, to, true);
      const wallet = await walletAccount(memberId);
      if (wallet.balance < BigInt(MIN_TRANSFER * MINOR_UNITS[member.currency])) throw new AppError('TRANSFER_MINIMUM');
      return leg(member, 'TO_GAME', game, wallet.balance, key);
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
