// Game wins and losses (docs/product.md §3.6): when balances are refreshed, the provider's balance minus the
// float we hold for the member is booked against the house. Not a statement row.
import type { AppContext } from '../../context.ts';
import { createGameCatalog } from '../games/index.ts';
import { HOUSE, type Ledger } from '../ledger/index.ts';
import { createWalletHotPath, type WalletHotPath } from './wallet.hot-path.ts';

/**
 * What a transfer already read of the game: its ledger account, the provider username and, read
 * before the provider is asked, the account's booking state (`bookingState`, unlocked).
 */
export type KnownGame = { accountId: number; username: string; booking?: BookingState | null };
export type BookingState = NonNullable<Awaited<ReturnType<WalletHotPath['bookingState']>>>;

export function createGameResults(ctx: AppContext, ledger: Ledger) {
  const catalog = createGameCatalog(ctx);
  const hot = createWalletHotPath(ctx.db);

  return {
    /**
     * Books the difference for one game. Skipped (and left for the next refresh) while a transfer
     * of that game is unsettled or when anything moved between reading the provider and booking:
     * a booking is never based on a stale balance.
     */
    async book(memberId: number, gameCode: string, known?: KnownGame): Promise<boolean> {
      // A transfer already read the account id and the provider username: no second lookup.
      const account = known ? { id: known.accountId } : await ledger.memberAccount(memberId, gameCode);
      const credentials = known ? { username: known.username } : await catalog.account(memberId, gameCode);
      if (!account || !credentials) return false;
      // One read of our side, made before the provider is asked (a transfer out of a game read it
      // with its side); a transfer of this game in flight means the provider's figure is not final.
      const before = known?.booking ?? (await hot.bookingState(memberId, gameCode, account.id));
      if (!before || before.unsettled) return false;
      const providerBalance = await catalog.provider(gameCode).balance({ gameCode, username: credentials.username });
      // Nothing won or lost: nothing to book and nothing to lock (decision 035). If something moved
      // meanwhile, a difference left unbooked is booked by the next refresh.
      if (providerBalance === before.balance) return true;
      return ctx.db.transaction(async (tx) => {
        const locked = await hot.bookingState(memberId, gameCode, account.id, tx);
        if (!locked || locked.unsettled || locked.lastEntryId !== before.lastEntryId) return false;
        const delta = providerBalance - locked.balance;
        if (delta === 0n) return true;
        const results = await ledger.houseAccountId(HOUSE.GAME_RESULTS, locked.currency, memberId, tx);
        await ledger.book(
          {
            memberId,
            type: 'GAME_RESULT',
            status: 'SUCCESS',
            statementType: null,
            fromCode: delta > 0n ? HOUSE.GAME_RESULTS : gameCode,
            toCode: delta > 0n ? gameCode : HOUSE.GAME_RESULTS,
            amount: delta > 0n ? delta : -delta,
            currency: locked.currency,
            metadata: { gameCode, providerBalance: providerBalance.toString() },
          },
          [
            { accountId: account.id, amount: delta },
            { accountId: results, amount: -delta },
          ],
          tx,
        );
        return true;
      });
    },
  };
}
