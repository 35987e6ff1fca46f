import { describe, expect, it } from 'vitest';
import { figuresOf, goalRow, interleave, median, medianRun, roundRatios, type Sample } from './rounds.ts';

const run = (rps: number, p99 = rps / 100): Sample => ({ rps, p50: rps / 1000, p99 });

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([0.53, 0.47, 0.61])).toBe(0.53);
  });

  it('is the lower middle value of an even count (a verdict never rests on the better half)', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
  });

  it('is not a number without values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('medianRun and figuresOf', () => {
  it('give the figures of the run whose rate is the median, its own latencies included', () => {
    const runs = [run(300, 9), run(100, 50), run(200, 20)];
    expect(medianRun(runs)).toBe(runs[2]);
    expect(figuresOf(runs)).toEqual({ rps: 200, p50: 0.2, p99: 20 });
  });
});

describe('roundRatios', () => {
  it('divides within each round, never across rounds, and reads the median of those ratios', () => {
    // The machine halves its speed in round 2: both sides of that round slow together.
    const product = [run(500), run(250), run(480)];
    const baseline = [run(1000), run(500), run(1000)];
    const { ratio, ratios } = roundRatios(product, baseline);
    expect(ratios).toEqual([0.5, 0.5, 0.48]);
    expect(ratio).toBe(0.5);
  });
});

describe('goalRow', () => {
  const baseline = { name: 'one indexed read', runs: [run(1000), run(500), run(1000)] };

  it("passes on the median of the rounds, with the median run's figures and every round beside it", () => {
    const row = goalRow('GET /api/wallet', [run(400), run(300), run(600)], baseline, 0.5);
    expect(row).toMatchObject({ rps: 400, p99: 4, ratio: 0.6, ratios: [0.4, 0.6, 0.6], goal: '≥ 0.50×', pass: true });
  });

  it('fails under the goal in most rounds, even with one round far above it', () => {
    expect(goalRow('w', [run(400), run(240), run(900)], baseline, 0.5).pass).toBe(false);
  });

  it('fails when the runs did not hold (a wrong answer), whatever the ratio', () => {
    expect(goalRow('w', [run(900), run(900), run(900)], baseline, 0.5, { holds: false }).pass).toBe(false);
  });

  it('gives only the rate for a second goal of the same runs', () => {
    const row = goalRow('  same', [run(400), run(300), run(600)], baseline, 0.85, { rateOnly: true });
    expect(row.rps).toBe(400);
    expect(row.p99).toBeUndefined();
    expect(row.pass).toBe(false);
  });
});

describe('interleave', () => {
  it('runs the steps in their order, round after round, and answers each step its runs in round order', async () => {
    const order: string[] = [];
    const logged: string[] = [];
    let n = 0;
    const step = (name: string) => async () => {
      order.push(name);
      n += 1;
      return run(n);
    };
    const runs = await interleave(3, { baseline: step('baseline'), product: step('product') }, (m) => logged.push(m));
    expect(order).toEqual(['baseline', 'product', 'baseline', 'product', 'baseline', 'product']);
    expect(runs.baseline.map((r) => r.rps)).toEqual([1, 3, 5]);
    expect(runs.product.map((r) => r.rps)).toEqual([2, 4, 6]);
    expect(logged[0]).toBe('  round 1/3: baseline');
  });

  it("runs a step's warm-up right before each of its measured runs, every round, and never counts it", async () => {
    const order: string[] = [];
    const logged: string[] = [];
    const runs = await interleave(
      2,
      {
        baseline: async () => {
          order.push('baseline');
          return run(10);
        },
        product: {
          warm: async () => {
            order.push('warm');
            return run(999);
          },
          run: async () => {
            order.push('product');
            return run(5);
          },
        },
      },
      (m) => logged.push(m),
    );
    expect(order).toEqual(['baseline', 'warm', 'product', 'baseline', 'warm', 'product']);
    expect(runs.product.map((r) => r.rps)).toEqual([5, 5]);
    expect(logged[1]).toBe('  round 1/2: product (after its warm-up)');
  });

  it('runs one round when asked for none', async () => {
    const runs = await interleave(0, { only: async () => run(1) }, () => {});
    expect(runs.only).toHaveLength(1);
  });
});
