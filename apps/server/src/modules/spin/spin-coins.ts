// Spin coins (decision 055): they vest on play. The `played` part of a BAHT member's turnover row
// accumulates in members.coin_progress while a wheel is active; each whole `coinPer` becomes a
// coin (a coin_grants row per turnover row), the rest carries over. Inside the turnover sync's
// transaction, which holds the member row lock.

import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { DepositPlayedSubscriber } from '../turnover/index.ts';
import { createSpinRepository, type SpinRepository, type Wheel } from './spin.repository.ts';

/** Whole coins in `amount` at `coinPer` each; none for a non-positive rate. */
export function coinsFor(amount: bigint, coinPer: bigint): number {
  if (coinPer <= 0n || amount <= 0n) return 0;
  return Number(amount / coinPer);
}

export type PlayedForCoins = { turnoverId: number; memberId: number; currency: string; played: bigint };

/** The coins this row vested (0 for kip, no active wheel, or progress short of a coin). */
export async function vestSpinCoins(
  tx: Tx,
  repo: SpinRepository,
  wheel: Wheel | null,
  row: PlayedForCoins,
): Promise<number> {
  // The wheel's rate and prizes are in baht.
  if (row.currency !== 'BAHT' || !wheel || wheel.coinPer <= 0n || row.played <= 0n) return 0;
  const coins = await repo.addCoinProgress(tx, row.memberId, row.played, wheel.coinPer);
  if (coins > 0) await repo.grantCoins(tx, { turnoverId: row.turnoverId, memberId: row.memberId, coins });
  return coins;
}

/** Spin coins vest as the member plays deposits through (subscribed by app.ts). */
export function spinCoinsOnPlay(ctx: AppContext): DepositPlayedSubscriber<Wheel | null> {
  const spins = createSpinRepository(ctx.db);
  return {
    rules: () => spins.activeWheel(),
    async vest(tx, wheel, p) {
      await vestSpinCoins(tx, spins, wheel, p);
    },
  };
}
