import { ODDS_TOTAL, oddsSum } from '@krapao/contracts/ops/spin-wheel';
import { describe, expect, it } from 'vitest';
import { SEED_SLICES } from './seed-spin.ts';
import { cryptoRandom, drawSlice, type RandomSource, seededRandom } from './spin-draw.ts';
import { wheelRefusal } from './spin-ops.service.ts';

/** Every number the source can give, once each: a slice must come up exactly `weight` times. */
function countsOverEveryNumber<S extends { code: string; weight: number }>(slices: S[]) {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  const counts = new Map<string, number>();
  for (let r = 0; r < total; r++) {
    const slice = drawSlice(slices, () => r);
    counts.set(slice!.code, (counts.get(slice!.code) ?? 0) + 1);
  }
  return counts;
}

describe('drawSlice', () => {
  it('each slice comes up for exactly as many of the possible numbers as its weight', () => {
    const counts = countsOverEveryNumber(SEED_SLICES);
    for (const s of SEED_SLICES) expect(counts.get(s.code), s.code).toBe(s.weight);
  });

  it('asks the source for a number below the sum of the weights', () => {
    const asked: number[] = [];
    const source: RandomSource = (max) => {
      asked.push(max);
      return max - 1;
    };
    expect(drawSlice(SEED_SLICES, source)!.code).toBe('B200');
    expect(asked).toEqual([SEED_SLICES.reduce((sum, s) => sum + s.weight, 0)]);
  });

  it('a slice of weight 0 (or a bad weight) never comes up; no drawable slice gives null', () => {
    const slices = [
      { code: 'A', weight: 0 },
      { code: 'B', weight: 3 },
      { code: 'C', weight: -2 },
      { code: 'D', weight: 1.5 },
      { code: 'E', weight: 1 },
    ];
    expect(Object.fromEntries(countsOverEveryNumber(slices.filter((s) => Number.isInteger(s.weight))))).toEqual({
      B: 3,
      E: 1,
    });
    expect(drawSlice([{ code: 'A', weight: 0 }], () => 0)).toBeNull();
    expect(drawSlice([], () => 0)).toBeNull();
  });

  it('a source that answers outside [0, total) is an error, never a silent pick', () => {
    const slices = [{ code: 'A', weight: 2 }];
    expect(() => drawSlice(slices, () => 2)).toThrow(RangeError);
    expect(() => drawSlice(slices, () => -1)).toThrow(RangeError);
    expect(() => drawSlice(slices, () => 0.5)).toThrow(RangeError);
  });

  it('with the real source, a large sample follows the weights', () => {
    const slices = [
      { code: 'A', weight: 70 },
      { code: 'B', weight: 20 },
      { code: 'C', weight: 10 },
    ];
    const n = 20_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const code = drawSlice(slices, cryptoRandom)!.code;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    // Five standard deviations either side: a correct draw fails this about once in two million runs.
    for (const s of slices) {
      const p = s.weight / 100;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts.get(s.code)! - n * p), s.code).toBeLessThan(5 * sd);
    }
  });
});

describe('seededRandom', () => {
  it('gives the same numbers for the same key, other numbers for another, all below the bound', () => {
    const draw = (key: string) => {
      const source = seededRandom(key);
      return Array.from({ length: 50 }, () => source(ODDS_TOTAL));
    };
    expect(draw('e2e:1')).toEqual(draw('e2e:1'));
    expect(draw('e2e:1')).not.toEqual(draw('e2e:2'));
    expect(draw('e2e:1').every((n) => Number.isInteger(n) && n >= 0 && n < ODDS_TOTAL)).toBe(true);
  });

  it("the browser suite's seed: a member with two coins wins 10 baht, then tries again", () => {
    // The spin's key is the seed and the coins it leaves: 2 coins draw with ':1', then ':0'.
    const first = seededRandom('krapao-e2e:1');
    const second = seededRandom('krapao-e2e:0');
    expect([first(ODDS_TOTAL), second(ODDS_TOTAL)]).toEqual([6128, 3271]);
    expect(drawSlice(SEED_SLICES, seededRandom('krapao-e2e:1'))!.code).toBe('B10');
    expect(drawSlice(SEED_SLICES, seededRandom('krapao-e2e:0'))!.code).toBe('TRY1');
  });

  it('the seeded wheel is one the console accepts: odds add up to exactly 100 %, prizes pay', () => {
    expect(oddsSum(SEED_SLICES.map((s) => ({ odds: s.weight })))).toBe(ODDS_TOTAL);
    const asConsole = SEED_SLICES.map((s) => ({
      code: s.code,
      label: s.label,
      bgColor: s.bgColor,
      textColor: s.textColor,
      odds: s.weight,
      prizeType: s.baht > 0 ? ('CREDIT' as const) : ('NONE' as const),
      prizeName: '',
      prizeAmount: s.baht,
      htmlDescription: '',
    }));
    expect(wheelRefusal(asConsole)).toBeNull();
  });
});
