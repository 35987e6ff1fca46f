// Where things are on the wheel. Angles are radians, clockwise, 0 at the top
// pointer. The wheel image is drawn once; spinning turns it by `rotation`.
import { SPIN_DURATION_MS, SPIN_EXTRA_TURNS, WHEEL_MAX_SIZE_PX, WHEEL_WINDOW_RATIO } from '@krapao/contracts/constants';

export const TURN = 2 * Math.PI;

/** The share of a slice the pointer may land in, around its middle: never on a border. */
const LANDING_SHARE = 0.8;

/** The smaller of WHEEL_MAX_SIZE_PX and WHEEL_WINDOW_RATIO of the window width, whole pixels. */
export function wheelSize(windowWidth: number): number {
  return Math.max(0, Math.floor(Math.min(WHEEL_MAX_SIZE_PX, WHEEL_WINDOW_RATIO * windowWidth)));
}

export function sliceWidth(count: number): number {
  return TURN / count;
}

/** 0 ≤ result < 2π. */
export function normalizeAngle(angle: number): number {
  const r = angle % TURN;
  return r < 0 ? r + TURN : r + 0; // + 0 turns -0 into 0
}

/** Slice `index` spans [start, end) on the unturned wheel. */
export function sliceBounds(index: number, count: number): { start: number; end: number } {
  const width = sliceWidth(count);
  return { start: index * width, end: (index + 1) * width };
}

/** The index of the slice under the top pointer when the wheel is turned by `rotation`. */
export function sliceAtPointer(rotation: number, count: number): number {
  if (count <= 0) return -1;
  // A point at wheel angle θ shows at θ + rotation; the pointer (0) therefore sees -rotation.
  const underPointer = normalizeAngle(-rotation);
  return Math.min(count - 1, Math.floor(underPointer / sliceWidth(count)));
}

export type SpinPlan = { from: number; to: number; durationMs: number; turns: number };

/** Uniform in [min, max]; `random` is in [0, 1). */
function between(min: number, max: number, random: number): number {
  return min + (max - min) * random;
}

/**
 * One spin: SPIN_DURATION_MS long, SPIN_EXTRA_TURNS whole extra turns, always clockwise, ending with
 * the pointer inside slice `index` (somewhere around its middle, so every spin looks a little different).
 */
export function planSpin(from: number, index: number, count: number, random: () => number = Math.random): SpinPlan {
  const durationMs = Math.round(between(SPIN_DURATION_MS.min, SPIN_DURATION_MS.max, random()));
  const turns = Math.min(
    SPIN_EXTRA_TURNS.max,
    SPIN_EXTRA_TURNS.min + Math.floor(random() * (SPIN_EXTRA_TURNS.max - SPIN_EXTRA_TURNS.min + 1)),
  );
  const width = sliceWidth(count);
  const landing = (index + 0.5) * width + between(-LANDING_SHARE / 2, LANDING_SHARE / 2, random()) * width;
  // The rest of the way from where the wheel stands to `-landing`, less than one turn.
  const rest = normalizeAngle(-landing - from);
  return { from, to: from + turns * TURN + rest, durationMs, turns };
}
