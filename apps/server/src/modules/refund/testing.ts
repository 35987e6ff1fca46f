// Helpers of the cashback tests: game results booked at a chosen time, as game-results.ts books
// them (GAME_RESULT, member game account against HOUSE.GAME_RESULTS).
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import type { TestApp } from '../../test/test-app.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';

/** "2026-03-10T00:00:00" in Bangkok (UTC+7, no daylight saving) as an instant. */
export const bangkok = (local: string) => new Date(`${local}+07:00`);

/**
 * Books a game result of `delta` satang (negative: a loss) on the member's `game` account, dated
 * `at`. A loss larger than the game balance is first funded from the wallet (a plain ledger move).
 */
export async function bookGameResult(t: TestApp, memberId: number, delta: bigint, at: Date, game = 'JOKER') {
  const ledger = createLedger(t.ctx);
  await t.db.transaction(async (tx) => {
    await tx
      .insert(ledgerAccounts)
      .values({ memberId, kind: 'MEMBER', code: game, currency: 'BAHT' })
      .onConflictDoNothing();
    const account = (await ledger.memberAccount(memberId, game, tx))!;
    if (delta < 0n && account.balance < -delta) {
      const wallet = (await ledger.memberAccount(memberId, 'WALLET', tx))!;
      const need = -delta - account.balance;
      const fund = await ledger.open(tx, {
        memberId,
        type: 'TEST_FUND',
        status: 'SUCCESS',
        statementType: null,
        fromCode: 'WALLET',
        toCode: game,
        amount: need,
        currency: 'BAHT',
      });
      await ledger.post(tx, fund.id, [
        { accountId: wallet.id, amount: -need },
        { accountId: account.id, amount: need },
      ]);
    }
    const results = await ledger.houseAccountId(HOUSE.GAME_RESULTS, 'BAHT', memberId, tx);
    const t1 = await ledger.open(
      tx,
      {
        memberId,
        type: 'GAME_RESULT',
        status: 'SUCCESS',
        statementType: null,
        fromCode: delta > 0n ? HOUSE.GAME_RESULTS : game,
        toCode: delta > 0n ? game : HOUSE.GAME_RESULTS,
        amount: delta > 0n ? delta : -delta,
        currency: 'BAHT',
        metadata: { gameCode: game },
      },
      at,
    );
    await ledger.post(tx, t1.id, [
      { accountId: account.id, amount: delta },
      { accountId: results, amount: -delta },
    ]);
  });
}
