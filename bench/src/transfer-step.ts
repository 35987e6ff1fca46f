// Transfers between the wallet and a game against the running product: the closed loop for random
// members and for members all on one house-account shard, interleaved with the one-call SQL posting
// and the raw SQL of the same transfer (`BENCH_ROUNDS` rounds, rounds.ts, decision 113), then the
// open loops at the median closed-loop rate. Every rate counts transfers committed in the database.
import { TRANSFER_TEMPLATES } from './baseline-steps.ts';
import { openLoops } from './product-steps.ts';
import type { Row } from './report.ts';
import { figuresOf, interleave, roundRatios } from './rounds.ts';
import type { RunContext } from './run-context.ts';

export async function transferStep(ctx: RunContext, rows: Row[]) {
  const { s, log, load, baseline, warn, checkpoint, transferMarker, committedSince } = ctx;
  const replay = { templates: TRANSFER_TEMPLATES };

  /** A product run of transfers, its rate counted as transfers settled SUCCESS in the database. */
  const transfers = async (shard?: number) => {
    await checkpoint();
    const marker = await transferMarker();
    const t = await load('transfer', s.port, shard === undefined ? {} : { shard });
    warn(t, 'transfer');
    const c = await committedSince(marker);
    return { ...t, rps: c.ok / t.duration, other: c.other };
  };

  log('transfers: the one-call posting, the raw SQL and the product, warm-up');
  await checkpoint();
  await baseline('function', { duration: s.warmup });
  await baseline('replay', { ...replay, duration: s.warmup });
  await load('transfer', s.port, { duration: s.warmup });
  log(`transfers wallet ↔ game: closed loop, ${s.rounds} rounds`);
  const runs = await interleave(
    s.rounds,
    {
      'one-call function': async () => {
        await checkpoint();
        return baseline('function');
      },
      'raw SQL transfer': async () => {
        await checkpoint();
        const marker = await transferMarker();
        const raw = await baseline('replay', replay);
        return { ...raw, rps: (await committedSince(marker)).ok / raw.duration };
      },
      'transfers, random members': () => transfers(),
      'transfers, one house shard': () => transfers(0),
    },
    log,
  );
  const fnRuns = runs['one-call function'];
  const rawRuns = runs['raw SQL transfer'];
  const spreadRuns = runs['transfers, random members'];
  const shardRuns = runs['transfers, one house shard'];
  rows.push({ name: 'Baseline: one-call SQL posting function', unit: 'calls', ...figuresOf(fnRuns) });
  rows.push({ name: 'Baseline: raw SQL of the same transfer', unit: 'tx', ...figuresOf(rawRuns) });

  const unsettled = spreadRuns.reduce((n, r) => n + r.other, 0);
  const spread = figuresOf(spreadRuns);
  const vsRaw = roundRatios(spreadRuns, rawRuns);
  const vsFn = roundRatios(spreadRuns, fnRuns);
  rows.push({
    name: `Transfers, ${s.members} members, c=${s.connections} (committed)`,
    unit: 'tx',
    ...spread,
    baseline: 'raw SQL transfer',
    ...vsRaw,
    goal: '≥ 0.90×',
    pass: vsRaw.ratio >= 0.9 && unsettled === 0,
    note: unsettled > 0 ? `${unsettled} not settled` : undefined,
  });
  rows.push({
    name: '  same, against the one-call function',
    rps: spread.rps,
    unit: 'tx',
    baseline: 'one-call function',
    ...vsFn,
    goal: '≥ 0.25× (aim ≥ 0.50×)',
    pass: vsFn.ratio >= 0.25,
  });
  const vsSpread = roundRatios(shardRuns, spreadRuns);
  rows.push({
    name: `Transfers, all through one house shard, c=${s.connections}`,
    unit: 'tx',
    ...figuresOf(shardRuns),
    baseline: 'random members',
    ...vsSpread,
    goal: '≥ 0.90×',
    pass: vsSpread.ratio >= 0.9,
  });

  await openLoops(
    ctx,
    'transfers',
    async (rate) => {
      await checkpoint();
      return load('transfer', s.port, { mode: 'open', warmup: s.openWarmup, rate, duration: s.openDuration });
    },
    spread.rps,
    (f, o) => {
      // The goal is read at 50 %; the 80 % row shows how the tail grows near the maximum.
      const held = f <= 0.5;
      return {
        name: `Transfers, open loop ${f * 100} % (${Math.round(spread.rps * f)}/s)`,
        rps: o.rps,
        p50: o.p50,
        p99: o.p99,
        goal: held ? 'p99 ≤ 25 ms' : undefined,
        pass: held ? o.p99 <= 25 && o.non2xx === 0 : undefined,
        note: o.non2xx > 0 ? `${o.non2xx} not 2xx` : undefined,
      };
    },
    rows,
  );
}
