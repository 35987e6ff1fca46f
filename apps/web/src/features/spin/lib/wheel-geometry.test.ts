import { SPIN_DURATION_MS, SPIN_EXTRA_TURNS, WHEEL_MAX_SIZE_PX } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import { normalizeAngle, planSpin, sliceAtPointer, sliceBounds, TURN, wheelSize } from './wheel-geometry';

/** A fixed sequence standing in for Math.random. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('wheel size', () => {
  it('is 85 % of the window width, at most 350 px', () => {
    expect(wheelSize(320)).toBe(272);
    expect(wheelSize(390)).toBe(331);
    expect(wheelSize(1200)).toBe(WHEEL_MAX_SIZE_PX);
  });
});

describe('slice under the pointer', () => {
  it('the unturned wheel has slice 0 starting at the pointer, clockwise', () => {
    expect(sliceAtPointer(0, 6)).toBe(0);
    // Turning the wheel clockwise by a little brings the last slice under the top pointer.
    expect(sliceAtPointer(0.01, 6)).toBe(5);
    expect(sliceAtPointer(-0.01, 6)).toBe(0);
    expect(sliceAtPointer(-(TURN / 6) * 2.5, 6)).toBe(2);
    expect(sliceAtPointer(10 * TURN - (TURN / 6) * 3.5, 6)).toBe(3);
  });

  it('normalises any angle into one turn', () => {
    expect(normalizeAngle(-0.5)).toBeCloseTo(TURN - 0.5);
    expect(normalizeAngle(3 * TURN + 1)).toBeCloseTo(1);
  });
});

describe('spin plan', () => {
  const randoms = [0, 0.25, 0.5, 0.75, 0.999999];

  it('lands the pointer inside the target slice for every slice of wheels of 1 to 12 slices', () => {
    for (let count = 1; count <= 12; count += 1) {
      for (let index = 0; index < count; index += 1) {
        for (const r of randoms) {
          for (const from of [0, 1.3, -4, 17.2 * TURN]) {
            const plan = planSpin(from, index, count, sequence(r));
            expect(sliceAtPointer(plan.to, count)).toBe(index);
            // Well inside: 10 % of the slice from either border.
            const { start, end } = sliceBounds(index, count);
            const under = normalizeAngle(-plan.to);
            const margin = (end - start) * 0.1 - 1e-9;
            expect(under - start).toBeGreaterThanOrEqual(margin);
            expect(end - under).toBeGreaterThanOrEqual(margin);
          }
        }
      }
    }
  });

  it('turns clockwise by 2 to 3 whole extra turns plus less than one, and lasts 4 to 5 s', () => {
    for (const r of randoms) {
      const plan = planSpin(2, 3, 8, sequence(r));
      expect([SPIN_EXTRA_TURNS.min, SPIN_EXTRA_TURNS.max]).toContain(plan.turns);
      const travelled = plan.to - plan.from;
      expect(travelled).toBeGreaterThanOrEqual(plan.turns * TURN);
      expect(travelled).toBeLessThan((plan.turns + 1) * TURN);
      expect(plan.durationMs).toBeGreaterThanOrEqual(SPIN_DURATION_MS.min);
      expect(plan.durationMs).toBeLessThanOrEqual(SPIN_DURATION_MS.max);
    }
    expect(planSpin(0, 0, 6, sequence(0)).durationMs).toBe(SPIN_DURATION_MS.min);
    expect(planSpin(0, 0, 6, sequence(0.999999)).durationMs).toBe(SPIN_DURATION_MS.max);
    expect(planSpin(0, 0, 6, sequence(0.1)).turns).toBe(2);
    expect(planSpin(0, 0, 6, sequence(0.9)).turns).toBe(3);
  });
});
