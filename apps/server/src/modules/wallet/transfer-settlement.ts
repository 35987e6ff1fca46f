// The end of a transfer saga (docs/architecture.md §3.2): the money parked in TRANSIT goes on to its destination
// (SUCCESS) or back where it came from (FAILED). Settling twice is impossible: the status moves
// from PENDING/UNKNOWN exactly once, in the same database transaction as the postings.

import { type GameProvider, ProviderRejected, ProviderUnavailable } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { ledgerTransactions } from '../../db/schema/ledger.ts';
import { publishMemberLive } from '../../lib/member-live.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { HOUSE, type Ledger } from '../ledger/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { createTransferOpsRepository, UNSETTLED } from './transfer-ops.repository.ts';

export type TransferRow = typeof ledgerTransactions.$inferSelect;
export type TransferMeta = { direction: 'TO_GAME' | 'FROM_GAME'; gameCode: string; username: string };

/** The id the provider knows the transfer by. */
export function transferIdOf(t: TransferRow): string {
  return `KP${t.id}`;
}
export type Outcome = 'SUCCESS' | 'FAILED' | 'UNKNOWN';
/** The member's WALLET and game ledger account ids of a transfer, when the caller has them. */
export type KnownAccounts = { wallet: number; game: number };
/** More to write in the settlement's transaction (a staff member's audit entry), only when this call settles. */
export type AlsoInTx = (tx: Tx, settled: 'SUCCESS' | 'FAILED') => Promise<unknown>;

export function transferMeta(t: TransferRow): TransferMeta {
  return t.metadata as unknown as TransferMeta;
}

export function createSettlement(ctx: AppContext, ledger: Ledger) {
  const opsRepo = createTransferOpsRepository(ctx.db);

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

  /** The status move, the posting and `also` in one transaction; answers the status afterwards. */
  async function settleAlso(
    id: number,
    outcome: 'SUCCESS' | 'FAILED',
    lines: { accountId: number; amount: bigint }[],
    also: AlsoInTx,
  ) {
    const moved = await ctx.db.transaction(async (tx) => {
      if (!(await ledger.setStatus(tx, id, UNSETTLED, outcome))) return false;
      await ledger.post(tx, id, lines);
      await also(tx, outcome);
      return true;
    });
    return moved ? outcome : (await opsRepo.byId(id))?.status;
  }

  /** Settles once; answers the status the transfer has afterwards. */
  async function settle(
    t: TransferRow,
    outcome: 'SUCCESS' | 'FAILED',
    known?: KnownAccounts,
    also?: AlsoInTx,
  ): Promise<'SUCCESS' | 'FAILED'> {
    const { direction } = transferMeta(t);
    const ids = await accountIds(t, known);
    const destination = (direction === 'TO_GAME') === (outcome === 'SUCCESS') ? ids.game : ids.wallet;
    const lines = [
      { accountId: ids.transit, amount: -t.amount },
      { accountId: destination, amount: t.amount },
    ];
    // The status moves once and the money with it, in one statement (decision 035); with a staff
    // member's audit entry, in one transaction.
    const status = also
      ? await settleAlso(t.id, outcome, lines, also)
      : await ledger.settle(t.id, UNSETTLED, outcome, lines);
    const settled = status === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
    ctx.metrics?.transfer(direction, settled);
    return settled;
  }

  /** No answer again: UNKNOWN (once), the attempt and its error noted for the console. */
  async function markUnknown(t: TransferRow, err: unknown) {
    const error = err instanceof Error ? err.message : String(err);
    const moved = await ctx.db.transaction(async (tx) => {
      const isNew = await ledger.setStatus(tx, t.id, ['PENDING'], 'UNKNOWN');
      await opsRepo.noteAttempt(tx, t.id, error, ctx.now());
      return isNew;
    });
    if (!moved) return;
    ctx.metrics?.transfer(transferMeta(t).direction, 'UNKNOWN');
    publishOpsQueue(ctx, { queue: 'transfers', id: String(t.id), change: 'added' });
  }

  /**
   * No definite answer from the provider: ask it what became of our transfer id. Never guessed —
   * a transfer it has not seen is voided first, so a late request cannot apply it after we refund.
   */
  async function resolve(t: TransferRow, provider: GameProvider, also?: AlsoInTx): Promise<Outcome> {
    const { gameCode } = transferMeta(t);
    const transferId = transferIdOf(t);
    let state: 'APPLIED' | 'CANCELLED';
    try {
      const known = await provider.transferStatus({ gameCode, transferId });
      state = known === 'NOT_FOUND' ? await provider.cancelTransfer({ gameCode, transferId }) : known;
    } catch (err) {
      void recordCallFailure(ctx, 'game_provider', err, gameCode);
      if (!(err instanceof ProviderUnavailable || err instanceof ProviderRejected)) throw err;
      await markUnknown(t, err);
      return 'UNKNOWN';
    }
    const settled = await settle(t, state === 'APPLIED' ? 'SUCCESS' : 'FAILED', undefined, also);
    publishOpsQueue(ctx, { queue: 'transfers', id: String(t.id), change: 'removed' });
    const kind = settled === 'SUCCESS' ? 'transfer-done' : 'transfer-failed';
    if (t.memberId !== null) publishMemberLive(ctx, t.memberId, { kind, amount: t.amount, currency: t.currency });
    return settled;
  }

  return { settle, resolve, markUnknown };
}
export type Settlement = ReturnType<typeof createSettlement>;
