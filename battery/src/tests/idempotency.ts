// 2. Idempotency: one Idempotency-Key replayed 1000 times in sequence and 50 times at once books one
// ledger transaction; the same key with another body (or on another call) is refused; a repeat
// while the first is still running is refused, not run twice. For a transfer and a withdrawal.
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { newKey, type Res, sleep } from '../http.ts';
import { activate, fund, type Member, register } from '../members.ts';
import { marker } from './races.ts';

/** A money call, and the fault setting that keeps it running for two seconds (at the provider, the bank). */
type Call = { name: string; path: string; body: unknown; faultsPath: string; slow: unknown };

const TRANSFER: Call = {
  name: 'transfer',
  path: '/api/wallet/transfer',
  body: { from: 'WALLET', to: 'JOKER', amount: 1 },
  faultsPath: '/dev/provider-faults',
  slow: { slowMs: 2000, methods: ['deposit'] },
};
const WITHDRAW: Call = {
  name: 'withdraw',
  path: '/api/wallet/withdrawAll',
  body: { amount: 100 },
  faultsPath: '/dev/payment-faults/payouts',
  slow: { slowMs: 2000, methods: ['pay'] },
};

/** The member's ledger transactions since a marker (a replay must add none). */
async function booked(ctx: TestContext, m: Member, since: number): Promise<number> {
  const [row] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from ledger_transactions where member_id = $1 and id > $2 and type in ('TRANSFER', 'WITHDRAW')`,
    [m.id, since],
  );
  return row!.n;
}

const inFlightRefusal = (r: Res) => r.status === 400 && r.body?.reason === 'idempotency-key-in-flight';
const same = (a: Res, b: Res) => a.status === b.status && JSON.stringify(a.body) === JSON.stringify(b.body);

async function sequential(ctx: TestContext, m: Member, c: Call) {
  const key = newKey(`seq-${c.name}`);
  const since = await marker(ctx);
  const first = await ctx.api.post(c.path, c.body, { token: m.token, key });
  let identical = first.status === 200 ? 1 : 0;
  for (let i = 1; i < ctx.s.idempotencySequential; i++) {
    const r = await ctx.api.post(c.path, c.body, { token: m.token, key });
    if (same(r, first) && r.headers['idempotent-replayed'] === 'true') identical += 1;
  }
  const n = await booked(ctx, m, since);
  const total = ctx.s.idempotencySequential;
  ctx.emit(
    line(
      `2.${c.name === 'transfer' ? 1 : 4}`,
      `idempotency: ${c.name}, ${total}× in sequence`,
      identical === total && n === 1,
      `${n} ledger transaction; ${identical}/${total} answers the first one (HTTP ${first.status})`,
      '1 transaction; every answer the first',
    ),
  );
}

async function parallel(ctx: TestContext, m: Member, c: Call, burst: number) {
  const key = newKey(`par-${c.name}`);
  const since = await marker(ctx);
  const results = await Promise.all(
    Array.from({ length: burst }, () => ctx.api.post(c.path, c.body, { token: m.token, key })),
  );
  const ok = results.filter((r) => r.status === 200);
  const ids = new Set(ok.map((r) => r.body?.transferId ?? r.body?.withdrawId));
  const refused = results.filter(inFlightRefusal).length;
  const other = results.length - ok.length - refused;
  const n = await booked(ctx, m, since);
  ctx.emit(
    line(
      `2.${c.name === 'transfer' ? 2 : 5}`,
      `idempotency: ${c.name}, ${burst}× at once`,
      n === 1 && ids.size === 1 && other === 0,
      `${n} ledger transaction; ${ok.length} answered it (${ids.size} id), ${refused} refused in flight, ${other} other`,
      '1 transaction; no other answer',
    ),
  );
}

/** The same key with another body, and on another call: refused, nothing booked. */
async function reused(ctx: TestContext, m: Member) {
  const key = newKey('reuse');
  const since = await marker(ctx);
  const first = await ctx.api.post(
    '/api/wallet/transfer',
    { from: 'WALLET', to: 'JOKER', amount: 1 },
    { token: m.token, key },
  );
  const otherBody = await ctx.api.post(
    '/api/wallet/transfer',
    { from: 'WALLET', to: 'JOKER', amount: 2 },
    { token: m.token, key },
  );
  const otherCall = await ctx.api.post('/api/wallet/withdrawAll', { amount: 100 }, { token: m.token, key });
  const refused = [otherBody, otherCall].filter((r) => r.status === 400 && r.body?.reason === 'idempotency-key-reused');
  const n = await booked(ctx, m, since);
  ctx.emit(
    line(
      '2.3',
      'idempotency: same key, another body',
      first.status === 200 && refused.length === 2 && n === 1,
      `${refused.length}/2 refused (another amount, another call); ${n} ledger transaction`,
      'refused; only the first booked',
    ),
  );
}

/** A repeat while the first is still at the (slowed) provider or payout bank. */
async function inFlight(ctx: TestContext, m: Member, c: Call, id: string) {
  await ctx.api.put(c.faultsPath, c.slow);
  const key = newKey(`fly-${c.name}`);
  const since = await marker(ctx);
  const first = ctx.api.post(c.path, c.body, { token: m.token, key });
  // The repeats leave once the first holds the key (and sits at the slowed party).
  const held = await eventually(
    async () => {
      const rows = await ctx.sql('select 1 from idempotency_requests where key = $1 and state = $2', [
        key,
        'IN_FLIGHT',
      ]);
      return rows.length > 0;
    },
    10_000,
    20,
  );
  if (!held) throw new Error('the first request never took its key');
  await sleep(200);
  const repeats = await Promise.all(
    Array.from({ length: 5 }, () => ctx.api.post(c.path, c.body, { token: m.token, key })),
  );
  const done = await first;
  await ctx.api.put(c.faultsPath, {});
  const after = await ctx.api.post(c.path, c.body, { token: m.token, key });
  const refused = repeats.filter(inFlightRefusal).length;
  const n = await booked(ctx, m, since);
  ctx.emit(
    line(
      id,
      `idempotency: ${c.name}, key still in flight`,
      done.status === 200 && refused === repeats.length && n === 1 && same(after, done),
      `${refused}/${repeats.length} repeats refused while running; ${n} ledger transaction; replay after: ${same(after, done) ? 'the first answer' : `HTTP ${after.status}`}`,
      'refused while running; 1 transaction',
    ),
  );
}

export const idempotencyTest: BatteryTest = {
  no: 2,
  title: 'idempotency',
  async run(ctx) {
    const m = await register(ctx.api);
    await activate(ctx.api, m, 'JOKER');
    await fund(ctx.api, m, 10_000);
    // Counted as played through (decision 055, tested in section 11): the withdrawals here are paid
    // at once, so the in-flight repeat meets a request that sits at the slowed payout bank.
    await ctx.sql('update members set unplayed = 0 where id = $1', [m.id]);
    await sequential(ctx, m, TRANSFER);
    await parallel(ctx, m, TRANSFER, ctx.s.burst);
    await reused(ctx, m);
    await sequential(ctx, m, WITHDRAW);
    await parallel(ctx, m, WITHDRAW, ctx.s.burst);
    await inFlight(ctx, m, TRANSFER, '2.6');
    await inFlight(ctx, m, WITHDRAW, '2.7');
  },
};
