// A cancel's first step (decision 055): the member's game balances come back to the wallet through
// the transfer saga (the same saga as a member's own transfer, so faults settle the same way).
import { type Currency, MAIN_WALLET_CODE } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { createLedger } from '../ledger/index.ts';
import { createGameResults, createTransferService } from '../wallet/index.ts';
import type { BonusHotPath } from './bonus.hot-path.ts';

export function createCreditReturn(ctx: AppContext, hot: Pick<BonusHotPath, 'gameAccounts'>) {
  return {
    /**
     * Books each game's results, then moves every positive game balance back to the wallet. A leg
     * that fails or stays in transit leaves its money out of the wallet: the cancel then refuses.
     * The transfer key names the condition, the game and the game account's last entry, so two
     * cancels of one state move the money once, and a later cancel after new play moves it again.
     */
    async bringBack(memberId: number, conditionId: number, currency: Currency): Promise<void> {
      const gameResults = createGameResults(ctx, createLedger(ctx));
      const opened = await hot.gameAccounts(memberId);
      await Promise.allSettled(opened.map((g) => gameResults.book(memberId, g.code)));
      const transfers = createTransferService(ctx);
      const games = (await hot.gameAccounts(memberId)).filter((g) => g.balance > 0n);
      await Promise.allSettled(
        games.map((g) =>
          transfers.transfer(
            memberId,
            g.code,
            MAIN_WALLET_CODE,
            fromMinor(g.balance, currency),
            `cancel:${conditionId}:${g.code}:${g.lastEntryId}`,
          ),
        ),
      );
    },
  };
}
