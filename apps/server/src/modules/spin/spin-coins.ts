// Spin coins (DESIGN §6): a credited BAHT deposit earns floor(amount / wheel.coinPer) coins while a
// wheel is active, once per deposit transaction (coin_grants' key), added in the same DB transaction.
import type { AppContext } from '../../context.ts';
import type { CreditedDeposit } from '../deposit/deposit-rules.ts';
import { createSpinRepository } from './spin.repository.ts';

/** The coins one deposit earns on a wheel: whole multiples of coinPer, none for a non-positive rate. */
export function coinsFor(amount: bigint, coinPer: bigint): number {
  if (coinPer <= 0n || amount <= 0n) return 0;
  return Number(amount / coinPer);
}

/** Called by `afterDepositCredited`; the number of coins this call granted (0 when already granted). */
export async function earnSpinCoins(ctx: AppContext, deposit: CreditedDeposit): Promise<number> {
  // The wheel's rate and prizes are in baht.
  if (deposit.currency !== 'BAHT') return 0;
  const repo = createSpinRepository(ctx.db);
  const wheel = await repo.activeWheel();
  if (!wheel) return 0;
  const coins = coinsFor(deposit.amount, wheel.coinPer);
  if (coins <= 0) return 0;
  const granted = await ctx.db.transaction((tx) =>
    repo.grantCoins(tx, { depositTransactionId: deposit.transactionId, memberId: deposit.memberId, coins }),
  );
  return granted ? coins : 0;
}
