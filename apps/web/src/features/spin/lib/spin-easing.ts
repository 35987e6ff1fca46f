// The wheel's slowing down (SPIN_FRICTION 0.991). Each 60 fps frame keeps SPIN_FRICTION of the
// last frame's speed, the way a wheel on a bearing coasts; the little speed that friction alone would
// leave at the end is taken away evenly, so the wheel comes to rest exactly on its planned angle.
import { SPIN_FRICTION } from '@krapao/contracts/constants';

export const FRAME_MS = 1000 / 60;

/** Distance covered after `frames` frames, in units of the first frame's speed. */
function covered(frames: number, totalFrames: number, friction: number): number {
  const decay = -Math.log(friction);
  return (1 - friction ** frames) / decay - frames * friction ** totalFrames;
}

/** Share of the way done (0..1) at `t` (0..1) of a spin lasting `durationMs`. Monotone, ends at rest. */
export function spinProgress(t: number, durationMs: number, friction: number = SPIN_FRICTION): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const totalFrames = Math.max(1, durationMs / FRAME_MS);
  return covered(t * totalFrames, totalFrames, friction) / covered(totalFrames, totalFrames, friction);
}

/** The wheel's angle at `elapsedMs` into a spin from `from` to `to`. */
export function spinAngle(plan: { from: number; to: number; durationMs: number }, elapsedMs: number): number {
  return plan.from + (plan.to - plan.from) * spinProgress(elapsedMs / plan.durationMs, plan.durationMs);
}
