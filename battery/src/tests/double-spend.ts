// 1. Double spend: a burst of parallel requests against a balance (or a claim) that covers one, per
// money call of the table in races.ts. Figure per call: trials with exactly one success, and money
// overdrawn (or created) over all trials.
import { type BatteryTest, baht, line, type TestContext } from '../harness.ts';
import type { Res } from '../http.ts';
import { RACE_CASES, type RaceCase, WEBHOOK_SECRET } from './races.ts';
import { PROMOTION_RACES } from './races-promotions.ts';

async function runCase(ctx: TestContext, c: RaceCase, id: string) {
  const skip = c.skip ? await c.skip(ctx) : null;
  if (skip) {
    ctx.emit(line(id, `double spend: ${c.name}`, null, `SKIP — ${skip}`, c.goal));
    return;
  }
  const trials = c.trials(ctx.s);
  const state = await c.setup(ctx);
  let exactlyOne = 0;
  let excess = 0n;
  const notes = new Set<string>();
  const refusals = new Map<string, number>();
  for (let trial = 0; trial < trials; trial++) {
    const armed = await state.arm(trial);
    // Every request is built first, then all leave together.
    const results: Res[] = await Promise.all(Array.from({ length: ctx.s.burst }, (_, i) => armed.fire(i)));
    const answeredOk = c.isSuccess ? results.filter(c.isSuccess).length : null;
    for (const r of results) {
      if (c.isSuccess?.(r)) continue;
      const why = `${r.status} ${r.body?.reason ?? r.body?.message ?? r.body?.status ?? r.error ?? ''}`;
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    }
    const refusedBadly = results.filter((r) => r.status >= 500 || r.status === 0);
    for (const r of refusedBadly.slice(0, 2)) notes.add(`HTTP ${r.status} ${r.error ?? r.text.slice(0, 80)}`);
    const extra = await armed.excess(answeredOk ?? 0);
    // Webhook deliveries all answer OK: only the ledger tells how many credited.
    const ok = answeredOk ?? extra.rows;
    if (ok === 1 && extra.rows === 1 && refusedBadly.length === 0) exactlyOne += 1;
    else notes.add(`trial ${trial}: ${ok} answered success, ${extra.rows} booked`);
    excess += extra.minor;
  }
  ctx.log(`${c.name}: the others answered ${[...refusals.entries()].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
  const figure =
    `${exactlyOne}/${trials} trials exactly one success of ${ctx.s.burst}; ` +
    `${c.unit === 'coins' ? `${excess} coins` : `${baht(excess)} baht`} ${c.excessWord}` +
    (notes.size ? ` — ${[...notes].slice(0, 3).join('; ')}` : '');
  ctx.emit(line(id, `double spend: ${c.name}`, exactlyOne === trials && excess === 0n, figure, c.goal));
}

export const doubleSpendTest: BatteryTest = {
  no: 1,
  title: 'double spend',
  env: () => ({
    // Every one of the burst must reach the money code, not a per-member rate limit.
    SLIP_MAX_PER_MINUTE: '100000',
    SLIP_IP_MAX_PER_MINUTE: '100000',
    PAYOUT_INTERVAL_MS: '500',
    GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }),
  async run(ctx) {
    const cases = [...RACE_CASES, ...PROMOTION_RACES];
    for (const [i, c] of cases.entries()) await runCase(ctx, c, `1.${i + 1}`);
  },
};
