import { SPIN_FRICTION } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import { FRAME_MS, spinAngle, spinProgress } from './spin-easing';

describe('spin easing (friction 0.991)', () => {
  const duration = 4_500;
  const frames = Math.round(duration / FRAME_MS);
  const at = (frame: number) => spinProgress(frame / frames, duration);

  it('starts at 0, ends exactly at 1 and never goes back', () => {
    expect(spinProgress(0, duration)).toBe(0);
    expect(spinProgress(1, duration)).toBe(1);
    for (let f = 1; f <= frames; f += 1) expect(at(f)).toBeGreaterThan(at(f - 1));
  });

  it('slows down every frame, by about the friction factor at the start, and comes to rest', () => {
    const speed = (f: number) => at(f + 1) - at(f);
    for (let f = 0; f < frames - 1; f += 1) expect(speed(f + 1)).toBeLessThan(speed(f));
    expect(speed(1) / speed(0)).toBeCloseTo(SPIN_FRICTION, 2);
    expect(speed(frames - 1) / speed(0)).toBeLessThan(0.01);
  });

  it('moves the wheel from its start to its planned end', () => {
    const plan = { from: 1, to: 20, durationMs: duration };
    expect(spinAngle(plan, 0)).toBe(1);
    expect(spinAngle(plan, duration)).toBe(20);
    expect(spinAngle(plan, duration + 500)).toBe(20);
    expect(spinAngle(plan, duration / 2)).toBeGreaterThan(10.5);
  });
});
