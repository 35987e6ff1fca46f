import { fromMinor, toMinor } from '@krapao/contracts/money';

type Balances = { wallet: { amount: number }; slots: { amount: number }[] };

/** Main wallet plus every game account (docs/product.md §3.1), summed in minor units so no float drift shows. */
export function totalBalance({ wallet, slots }: Balances): number {
  const minor = slots.reduce((sum, slot) => sum + safeMinor(slot.amount), safeMinor(wallet.amount));
  return fromMinor(minor);
}

function safeMinor(amount: number): bigint {
  try {
    return toMinor(amount);
  } catch {
    return BigInt(Math.round((Number.isFinite(amount) ? amount : 0) * 100));
  }
}
