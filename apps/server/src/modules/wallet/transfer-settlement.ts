// The end of a transfer saga (docs/architecture.md §3.2): the money parked in TRANSIT goes on to its destination
// (SUCCESS) or back where it came from (FAILED). Settling twice is impossible: the status moves
// from PENDING/UNKNOWN exactly once, in the same database transaction as the postings.

import { type GameProvider, ProviderRejected, ProviderUnavailable } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import type { ledgerTransactions } from '../../db/schema/ledger.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { HOUSE, type Ledger } from '../ledger/index.ts';

export type TransferRow = typeof ledgerTransactions.$inferSelect;
export type TransferMeta = { direction: 'TO_GAME' | 'FROM_GAME'; gameCode: string; username: string };

/** The id the provider knows the transfer by. */
export function transferIdOf(t: TransferRow): string {
  return `KP${t.id}`;
}
export type Outcome = 'SUCCESS' | 'FAILED' | 'UNKNOWN';
/** The member's WALLET and game ledger account ids of a transfer, when the caller has them. */
export type KnownAccounts = { wallet: number; game: number };

export function transferMeta(t: TransferRow): TransferMeta {
  return t.metadata as unknown as TransferMeta;
}

export function createSettlement(ctx: AppContext, ledger: Ledger) {
  async function accountIds(t: TransferRow, known?: KnownAccounts) {
    const meta = transferMeta(t);
    const memberId = t.memberId!;
    const transit = await ledger.houseAccountId(HOUSE.TRANSIT, t.currency, memberId);
    // The saga that parked the money already knows the member's accounts: no second lookup.
    if (known) return { ...known, transit };
    const wallet = await ledger.memberAccount(memberId, 'WALLET');
    const game = await ledger.memberAccount(memberId, meta.gameCode);
    if (!wallet || !game) throw new Error(`transfer ${t.id}: member accounts missing`);
    return { wallet: wallet.id, game: game.id, transit };
  }

  /** Settles once; answers the status the transfer has afterwards. */
  async function settle(
    t: TransferRow,
    outcome: 'SUCCESS' | 'FAILED',
    known?: KnownAccounts,
  ): Promise<'SUCCESS' | 'FAILED'> {
    const { direction } = transferMeta(t);
    const ids = await accountIds(t, known);
    const destination = (direction === 'TO_GAME') === (outcome === 'SUCCESS') ? ids.game : ids.wallet;
    // The status moves once and the money with it, in one statement (decision 035).
    const status = await ledger.settle(t.id, ['PENDING', 'UNKNOWN'], outcome, [
      { accountId: ids.transit, amount: -t.amount },
      { accountId: destination, amount: t.amount },
    ]);
    const settled = status === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
    ctx.metrics?.transfer(direction, settled);
    return settled;
  }

  async function markUnknown(t: TransferRow) {
    const moved = await ctx.db.transaction((tx) => ledger.setStatus(tx, t.id, ['PENDING'], 'UNKNOWN'));
    if (moved) ctx.metrics?.transfer(transferMeta(t).direction, 'UNKNOWN');
  }

  /**
   * No definite answer from the provider: ask it what became of our transfer id. Never guessed —
   * a transfer it has not seen is voided first, so a late request cannot apply it after we refund.
   */
  async function resolve(t: TransferRow, provider: GameProvider): Promise<Outcome> {
    const { gameCode } = transferMeta(t);
    const transferId = transferIdOf(t);
    try {
      let state = await provider.transferStatus({ gameCode, transferId });
      if (state === 'NOT_FOUND') state = await provider.cancelTransfer({ gameCode, transferId });
      return settle(t, state === 'APPLIED' ? 'SUCCESS' : 'FAILED');
    } catch (err) {
      void recordCallFailure(ctx, 'game_provider', err, gameCode);
      if (!(err instanceof ProviderUnavailable || err instanceof ProviderRejected)) throw err;
      await markUnknown(t);
      return 'UNKNOWN';
    }
  }

  return { settle, resolve, markUnknown };
}
export type Settlement = ReturnType<typeof createSettlement>;
