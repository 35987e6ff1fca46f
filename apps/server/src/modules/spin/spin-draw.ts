// The weighted draw (DESIGN §6): a slice wins with probability weight / sum(weights), the number
// coming from a cryptographic random source on the server. Tests inject a deterministic source.
import { randomInt } from 'node:crypto';

/** An integer in [0, max): `crypto.randomInt` in production. */
export type RandomSource = (max: number) => number;

export const cryptoRandom: RandomSource = (max) => randomInt(max);

/** The slice whose cumulative weight range holds one random number; null when no slice can win. */
export function drawSlice<S extends { weight: number }>(slices: readonly S[], random: RandomSource): S | null {
  const drawable = slices.filter((s) => Number.isSafeInteger(s.weight) && s.weight > 0);
  const total = drawable.reduce((sum, s) => sum + s.weight, 0);
  if (total <= 0) return null;
  const r = random(total);
  if (!Number.isInteger(r) || r < 0 || r >= total)
    throw new RangeError(`random source gave ${r} outside [0, ${total})`);
  let upTo = 0;
  for (const slice of drawable) {
    upTo += slice.weight;
    if (r < upTo) return slice;
  }
  return null;
}
