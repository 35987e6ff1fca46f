// Transfers between the wallet and a game against the running product: the closed loop for random
// members and for members all on one house-account shard, interleaved with the one-call SQL posting
// and the raw SQL of the same transfer (`BENCH_ROUNDS` rounds, each run after its own warm-up,
// rounds.ts, decisions 113 and 125), then the open loops at the median closed-loop rate. Every rate
// counts transfers committed in the database.
import { TRANSFER_TEMPLATES } from './baseline-steps.ts';
import type { LoadResult } from './load.ts';
import { openLoops } from './product-steps.ts';
import type { Row } from './report.ts';
import { figuresOf, goalRow, interleave } from './rounds.ts';
import type { RunContext } from './run-context.ts';
import { ledgerProblems } from './seed.ts';

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

  const warm = { duration: s.warmup };
  log(`transfers wallet ↔ game: closed loop, ${s.rounds} rounds, each run after its own warm-up`);
  const runs = await interleave(
    s.rounds,
    {
      'one-call function': {
        warm: () => baseline('function', warm),
        run: async () => {
          await checkpoint();
          return baseline('function');
        },
      },
      'raw SQL transfer': {
        warm: () => baseline('replay', { ...replay, ...warm }),
        run: async () => {
          await checkpoint();
          const marker = await transferMarker();
          const raw = await baseline('replay', replay);
          const committed = (await committedSince(marker)).ok / raw.duration;
          // The SQL baselines (this one and the one-call posting before it) must leave a valid ledger.
          const broken = await ledgerProblems(s);
          if (broken.length > 0) {
            throw new Error(`the SQL baselines left the ledger broken: ${JSON.stringify(broken).slice(0, 2000)}`);
          }
          return { ...raw, rps: committed };
        },
      },
      'transfers, random members': { warm: () => load('transfer', s.port, warm), run: () => transfers() },
      'transfers, one house shard': {
        warm: () => load('transfer', s.port, { ...warm, shard: 0 }),
        run: () => transfers(0),
      },
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
  const raw = { name: 'raw SQL transfer', runs: rawRuns };
  const note = unsettled > 0 ? `${unsettled} not settled` : undefined;
  const name = `Transfers, ${s.members} members, c=${s.connections} (committed)`;
  rows.push(goalRow(name, spreadRuns, raw, 0.9, { unit: 'tx', holds: unsettled === 0, note }));
  const fn = { name: 'one-call function', runs: fnRuns };
  const goal = '≥ 0.25× (aim ≥ 0.50×)';
  rows.push(
    goalRow('  same, against the one-call function', spreadRuns, fn, 0.25, { unit: 'tx', rateOnly: true, goal }),
  );
  const random = { name: 'random members', runs: spreadRuns };
  const shardName = `Transfers, all through one house shard, c=${s.connections}`;
  rows.push(goalRow(shardName, shardRuns, random, 0.9, { unit: 'tx' }));

  // The goal is read at 50 %; the 80 % row shows how the tail grows near the maximum.
  const judge = (f: number, o: LoadResult) => {
    const note = o.non2xx > 0 ? `${o.non2xx} not 2xx` : undefined;
    return f <= 0.5 ? { goal: 'p99 ≤ 25 ms', pass: o.p99 <= 25 && o.non2xx === 0, note } : { note };
  };
  await openLoops(ctx, rows, 'Transfers', 'transfer', spread.rps, judge, checkpoint);
}
