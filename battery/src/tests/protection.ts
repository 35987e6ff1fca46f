// 21. Player protection cannot be got round. 21.1 a 24-hour deposit limit of 1,000 against 20 TrueMoney
// gift links of 600 at once and bursts of 20 QR creates, each paid as soon as it is shown (and a QR
// paid while its webhook is lost, then replaced), through a round-robin balancer in front of three
// instances (with Redis): what the asked-for deposits credit never passes the limit, the refused
// vouchers stay with the member; lowering and raising again, or removing, waits.
// 21.2 an excluded member on every money-in and money-out route (protection-exclusion.ts).
// 21.3–21.5 loss limits: a burst after a settled loss, a loss left unbooked, moves between games
// (protection-loss.ts), through the same balancer.
import { protectionPaths } from '@krapao/contracts/protection';
import { type BatteryTest, baht, eventually, line, type TestContext } from '../harness.ts';
import { type Client, createClient, newKey, type Res, sleep } from '../http.ts';
import { type Member, register } from '../members.ts';
import { type Instance, startInstance } from '../product.ts';
import { type RoundRobin, startRoundRobin } from '../round-robin.ts';
import { code, excludedMemberTest, sendLink, tally, voucher } from './protection-exclusion.ts';
import { lossLimitBurst, lossNotRefreshed, lossShuffle } from './protection-loss.ts';

const LIMIT = 1000;
const ASK = 600;
const BURST = 20;

const setLimit = (api: Client, m: Member, kind: 'DEPOSIT' | 'LOSS', amount: number | null) =>
  api.put(protectionPaths.limit, { kind, period: 'DAY', amount }, { token: m.token });

/** Credited deposits (DEPOSIT, SUCCESS) of a member, in minor units. */
async function credited(ctx: TestContext, memberId: number): Promise<bigint> {
  const [row] = await ctx.sql<{ s: string }>(
    `select coalesce(sum(amount), 0)::text as s from ledger_transactions
     where member_id = $1 and type = 'DEPOSIT' and status = 'SUCCESS'`,
    [memberId],
  );
  return BigInt(row!.s);
}

const LIMIT_MINOR = BigInt(LIMIT * 100);
const refusedLimit = (r: Res) => r.status === 409 && r.body?.message === 'PROTECTION_DEPOSIT_LIMIT';

async function giftLinks(ctx: TestContext, api: Client) {
  const m = await register(api);
  const set = await setLimit(api, m, 'DEPOSIT', LIMIT);
  const vouchers = await Promise.all(Array.from({ length: BURST }, () => voucher(api, ASK)));
  const answers = await Promise.all(vouchers.map((v) => sendLink(api, m, v.link)));
  const sum = await credited(ctx, m.id);
  const refused = vouchers.filter((_, i) => refusedLimit(answers[i]!));
  const rows = await ctx.sql<{ status: string }>(
    `select status from sandbox_truemoney where kind = 'VOUCHER' and ref = any($1::text[])`,
    [refused.map((v) => v.voucher)],
  );
  const kept = rows.filter((r) => r.status === 'AVAILABLE').length;
  // The member kept them: another member (without a limit) redeems one of them.
  const other = await register(api);
  const control = refused[0] ? await sendLink(api, other, refused[0].link) : null;
  const accepted = answers.filter((r) => r.status === 200).length;
  const pass =
    set.status === 200 &&
    sum <= LIMIT_MINOR &&
    sum === BigInt(accepted * ASK * 100) &&
    accepted + refused.length === BURST &&
    kept === refused.length &&
    control?.status === 200;
  ctx.emit(
    line(
      '21.1a',
      'protection: gift links past a deposit limit',
      pass,
      `credited within the limit: ${baht(sum)} of ${LIMIT}.00 (${sum <= LIMIT_MINOR ? '100' : '0'} %); ` +
        `${BURST} links of ${ASK} at once: ${tally(answers)}; refused vouchers still redeemable ${kept}/${refused.length}, ` +
        `one redeemed by another member: ${control ? code(control) : 'none refused'}`,
      'credited ≤ 1,000 (100 %); the rest PROTECTION_DEPOSIT_LIMIT; refused vouchers kept',
    ),
  );
}

/**
 * `BURST` QR creates of `ASK`, each paid as soon as it is shown. `stepMs` apart: 0 fires them all at
 * once; a few milliseconds lets a create land while the QR before it is being paid.
 */
async function qrBurst(ctx: TestContext, api: Client, stepMs: number) {
  const m = await register(api);
  const set = await setLimit(api, m, 'DEPOSIT', LIMIT);
  const pays: Res[] = [];
  const creates = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      await sleep(i * stepMs);
      const qr = await api.post('/api/qrcode/KBANK', { amount: ASK }, { token: m.token, key: newKey('qr') });
      if (qr.status === 200 && qr.body?.qrcodeId) pays.push(await api.post(`/dev/gateway/pay/${qr.body.qrcodeId}`));
      return qr;
    }),
  );
  // Webhook retries and cancels that found an order paid settle within a moment.
  let sum = -1n;
  await eventually(
    async () => {
      const next = await credited(ctx, m.id);
      const [open] = await ctx.sql<{ n: number }>(
        `select count(*)::int as n from qr_codes where member_id = $1 and status = 'OPEN'`,
        [m.id],
      );
      const stable = next === sum && open!.n === 0;
      sum = next;
      return stable;
    },
    5_000,
    500,
  );
  return { ok: set.status === 200, sum, creates, pays };
}

/**
 * The member pays QR A, the gateway's webhook is lost on the way (A is paid but not credited yet),
 * and a new QR B is asked for, then paid. On the one server: the fault setting is the instance's own.
 */
async function paidWhileReplaced(ctx: TestContext) {
  const m = await register(ctx.api);
  const set = await setLimit(ctx.api, m, 'DEPOSIT', LIMIT);
  const ask = () => ctx.api.post('/api/qrcode/KBANK', { amount: ASK }, { token: m.token, key: newKey('qr') });
  const a = await ask();
  await ctx.api.put('/dev/payment-faults/gateway', { webhookNext: ['drop'] });
  const pays = [await ctx.api.post(`/dev/gateway/pay/${a.body?.qrcodeId}`)];
  const b = await ask();
  if (b.status === 200) pays.push(await ctx.api.post(`/dev/gateway/pay/${b.body?.qrcodeId}`));
  await sleep(500);
  return { ok: set.status === 200 && a.status === 200, sum: await credited(ctx, m.id), creates: [a, b], pays };
}

async function qrCreatesAndPays(ctx: TestContext, api: Client) {
  const rounds = [];
  for (const stepMs of [0, 10, 25, 50]) {
    const r = await qrBurst(ctx, api, stepMs);
    rounds.push({ ...r, what: `${BURST} creates of ${ASK} ${stepMs ? `${stepMs} ms apart` : 'at once'}, each paid` });
  }
  rounds.push({ ...(await paidWhileReplaced(ctx)), what: `a QR paid, its webhook lost, a second QR of ${ASK}` });
  const within = rounds.filter((r) => r.sum <= LIMIT_MINOR);
  const pass = rounds.every(
    (r) => r.ok && r.sum <= LIMIT_MINOR && r.sum > 0n && r.creates.filter((c) => c.status !== 200).every(refusedLimit),
  );
  ctx.emit(
    line(
      '21.1b',
      'protection: QR deposits past a deposit limit',
      pass,
      `credited within the limit: ${within.length}/${rounds.length} rounds (${Math.round((100 * within.length) / rounds.length)} %); ` +
        rounds
          .map((r) => `${r.what}: credited ${baht(r.sum)}, creates ${tally(r.creates)}, pays ${tally(r.pays)}`)
          .join('; '),
      'credited ≤ 1,000 every round (100 %); refusals PROTECTION_DEPOSIT_LIMIT',
    ),
  );
}

/** Lowering and raising again at once, and removing: the raise and the removal wait. */
async function cleverChanges(ctx: TestContext, api: Client) {
  const m = await register(api);
  const confirm = () => api.post(protectionPaths.confirm, { kind: 'DEPOSIT', period: 'DAY' }, { token: m.token });
  const steps: [string, Res][] = [];
  steps.push(['set 1000', await setLimit(api, m, 'DEPOSIT', LIMIT)]);
  steps.push(['lower 500', await setLimit(api, m, 'DEPOSIT', 500)]);
  steps.push(['raise 1000', await setLimit(api, m, 'DEPOSIT', LIMIT)]);
  const raiseConfirm = await confirm();
  steps.push(['remove', await setLimit(api, m, 'DEPOSIT', null)]);
  const removeConfirm = await confirm();
  const state = await api.get(protectionPaths.state, { token: m.token });
  const day = (state.body?.limits ?? []).find(
    (l: { kind: string; period: string }) => l.kind === 'DEPOSIT' && l.period === 'DAY',
  );
  const qr = await api.post('/api/qrcode/KBANK', { amount: ASK }, { token: m.token, key: newKey('qr') });
  const notYet = (r: Res) => r.status === 409 && r.body?.message === 'PROTECTION_NOT_YET';
  const pass =
    steps.every(([, r]) => r.status === 200) &&
    notYet(raiseConfirm) &&
    notYet(removeConfirm) &&
    day?.amount === 500 &&
    refusedLimit(qr);
  ctx.emit(
    line(
      '21.1c',
      'protection: raise or remove a limit at once',
      pass,
      `${steps.map(([s, r]) => `${s} ${code(r)}`).join(', ')}; confirm the raise: ${code(raiseConfirm)}, ` +
        `confirm the removal: ${code(removeConfirm)}; limit in force ${day?.amount}; a QR of ${ASK}: ${code(qr)}`,
      'both confirms PROTECTION_NOT_YET; 500 stays in force',
    ),
  );
}

/**
 * The deposit and loss limits through three instances behind a round-robin balancer when Redis joins
 * them; through the one server otherwise. 21.2 stays on the first instance.
 */
async function limitsBehindInstances(ctx: TestContext) {
  const extra: Instance[] = [];
  let balancer: RoundRobin | null = null;
  try {
    let api = ctx.api;
    if (ctx.s.redisUrl) {
      for (const k of [1, 2]) extra.push(await startInstance(ctx.product, ctx.s.port + k));
      balancer = await startRoundRobin([ctx.product.url, ...extra.map((i) => i.url)]);
      api = createClient(balancer.url);
    }
    ctx.log(balancer ? 'limits through a balancer over three instances' : 'limits on one instance');
    await giftLinks(ctx, api);
    await qrCreatesAndPays(ctx, api);
    await cleverChanges(ctx, api);
    await excludedMemberTest(ctx);
    await lossLimitBurst(ctx, api);
    await lossNotRefreshed(ctx, api);
    await lossShuffle(ctx, api);
  } finally {
    await balancer?.close();
    for (const i of extra) await i.stop();
  }
}

export const protectionTest: BatteryTest = {
  no: 21,
  title: 'player protection cannot be got round',
  async run(ctx) {
    await limitsBehindInstances(ctx);
  },
};
