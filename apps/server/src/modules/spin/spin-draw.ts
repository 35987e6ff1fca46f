// The weighted draw (docs/product.md §4.5): a slice wins with probability weight / sum(weights), the number
// coming from a cryptographic random source on the server. Tests inject a deterministic source;
// the browser suite sets SANDBOX_RANDOM_SEED (refused in production) to know the prize it will win.
import { createHash, randomInt } from 'node:crypto';

/** An integer in [0, max): `crypto.randomInt` in production. */
export type RandomSource = (max: number) => number;

export const cryptoRandom: RandomSource = (max) => randomInt(max);

/** The same key gives the same numbers: mulberry32 started from the key's SHA-256. */
export function seededRandom(key: string): RandomSource {
  let state = createHash('sha256').update(key).digest().readUInt32LE(0);
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

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
