// Interleaved rounds (decision 113): a workload and the baselines it is compared with run one after
// the other, `BENCH_ROUNDS` times, and each ratio is taken inside a round, then the median of the
// rounds' ratios is the figure. A machine that slows down for a minute (other tenants, a checkpoint)
// then lowers both sides of the same round instead of deciding a verdict by itself.

import type { Row } from './report.ts';

/** What every measured run gives: its rate and latency. */
export type Sample = { rps: number; p50: number; p99: number };

/** The median of `values`: the middle one, the lower middle one of an even count. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The run whose rate is the median of the runs; its own p50 and p99 go with it. */
export function medianRun<T extends Sample>(runs: T[]): T {
  const rate = median(runs.map((r) => r.rps));
  return runs.find((r) => r.rps === rate)!;
}

/** A row's figures: those of the median run. */
export function figuresOf(runs: Sample[]): Sample {
  const { rps, p50, p99 } = medianRun(runs);
  return { rps, p50, p99 };
}

/** Each round's `a / b`, in round order, and their median. */
export function roundRatios(a: Sample[], b: Sample[]): { ratio: number; ratios: number[] } {
  const ratios = a.map((x, i) => x.rps / b[i]!.rps);
  return { ratio: median(ratios), ratios };
}

/**
 * A row held to a ratio goal: the median run's figures (`rate only`: its rate alone, for a second
 * goal of the same runs), the rounds' ratios to `against`, and the verdict, which also needs `holds`
 * (every answer right, say). `goal` defaults to `≥ min×`.
 */
export function goalRow(
  name: string,
  runs: Sample[],
  against: { name: string; runs: Sample[] },
  min: number,
  options: { unit?: string; rateOnly?: boolean; holds?: boolean; goal?: string; note?: string } = {},
): Row {
  const { ratio, ratios } = roundRatios(runs, against.runs);
  const figures = figuresOf(runs);
  return {
    name,
    ...(options.rateOnly ? { rps: figures.rps } : figures),
    unit: options.unit,
    baseline: against.name,
    ratio,
    ratios,
    goal: options.goal ?? `≥ ${min.toFixed(2)}×`,
    pass: ratio >= min && options.holds !== false,
    note: options.note,
  };
}

/**
 * A measured run of a round: the run alone, or with a warm-up that runs right before it, every round,
 * and is not counted (the caches and pools it fills are those of a system in use, whatever ran in
 * between).
 */
export type Step<T> = (() => Promise<T>) | { warm: () => Promise<unknown>; run: () => Promise<T> };

/**
 * Runs the steps in their order, `rounds` times over. Answers each step's runs in round order.
 * `log` hears which round and step starts.
 */
export async function interleave<S extends Record<string, Sample>>(
  rounds: number,
  steps: { [K in keyof S]: Step<S[K]> },
  log: (msg: string) => void,
): Promise<{ [K in keyof S]: S[K][] }> {
  const names = Object.keys(steps) as (keyof S & string)[];
  const runs = Object.fromEntries(names.map((n) => [n, []])) as unknown as { [K in keyof S]: S[K][] };
  const count = Math.max(1, Math.round(rounds));
  for (let round = 1; round <= count; round++) {
    for (const name of names) {
      const step = steps[name];
      if (typeof step === 'function') {
        log(`  round ${round}/${count}: ${name}`);
        runs[name].push(await step());
      } else {
        log(`  round ${round}/${count}: ${name} (after its warm-up)`);
        await step.warm();
        runs[name].push(await step.run());
      }
    }
  }
  return runs;
}
