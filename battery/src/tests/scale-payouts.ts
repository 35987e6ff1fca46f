// 16. Payouts once on three instances: three server processes on one PostgreSQL (and Redis) pay
// withdrawals while the sandbox payout bank times out, fails and loses answers on every instance,
// with a payout lease shorter than a worker's pass so leases run out under the workers. The bank
// counts every pay call it receives per withdrawal (sandbox_payouts.pay_calls): each must be 1, and
// every PAID withdrawal must be in the bank's book once with its amount, and nothing else.
import { type BatteryTest, eventually, line, pool, type TestContext } from '../harness.ts';
import { createClient, newKey } from '../http.ts';
import { fund, type Member, registerMany } from '../members.ts';
import { type Instance, startInstance } from '../product.ts';

/** Per member: withdrawals of AMOUNT baht each. */
const PER_MEMBER = 10;
const AMOUNT = 100;
/**
 * The payout bank on every instance: pay calls time out, fail with a 5xx, or are made and their
 * answer lost, and each takes a while; status calls answer at once, so a worker that asks about a
 * withdrawal another is paying hears NOT_FOUND while that payment is on its way.
 */
const BANK_FAULTS = {
  timeoutRate: 0.1,
  errorRate: 0.1,
  lostResponseRate: 0.15,
  /** Below the timeout: a pass of a full batch outlasts the lease. */
  slowMs: 150,
  methods: ['pay'],
};
const SETTLE_DEADLINE_MS = 90_000;
/** Approvals come a worker's batch at a time, WAVE_GAP_MS apart. */
const WAVE = 20;
const WAVE_GAP_MS = 1500;

type Figures = { paid: number; rejected: number; left: number; twice: number; most: number; attempts: number };

async function figures(ctx: TestContext): Promise<Figures> {
  const [row] = await ctx.sql<Figures>(
    `select
       (select count(*) from withdrawals where status = 'PAID')::int as paid,
       (select count(*) from withdrawals where status = 'REJECTED')::int as rejected,
       (select count(*) from withdrawals where status in ('APPROVED', 'WAITING_APPROVAL'))::int as left,
       (select count(*) from sandbox_payouts where pay_calls > 1)::int as twice,
       (select coalesce(max(pay_calls), 0) from sandbox_payouts)::int as most,
       (select count(*) from payout_attempts)::int as attempts`,
  );
  return row!;
}

/**
 * PAID withdrawals without a PAID row of their amount in the bank's book (one per id at most: the
 * book's key) and a SUCCESS ledger row, other withdrawals with one, and bank payments of no withdrawal.
 */
async function bookMismatches(ctx: TestContext): Promise<number> {
  const [row] = await ctx.sql<{ n: number }>(
    `select
       (select count(*) from withdrawals w
         join ledger_transactions t on t.id = w.transaction_id
         left join sandbox_payouts p on p.withdrawal_id = w.id and p.status = 'PAID'
         where (w.status = 'PAID') <> (p.withdrawal_id is not null and p.amount = w.amount and t.status = 'SUCCESS'))::int
       + (select count(*) from sandbox_payouts p
         where p.status = 'PAID' and not exists (select 1 from withdrawals w where w.id = p.withdrawal_id))::int as n`,
  );
  return row!.n;
}

export const scalePayoutsTest: BatteryTest = {
  no: 16,
  title: 'Payouts once on three instances',
  // A pass of 20 withdrawals at 150 ms a call, some timing out after 300 ms, outlasts the 1 s lease.
  env: () => ({
    PAYOUT_INTERVAL_MS: '200',
    PAYOUT_LEASE_MS: '1000',
    PAYOUT_TIMEOUT_MS: '300',
    PAYOUT_INLINE_TIMEOUT_MS: '300',
  }),
  async run(ctx) {
    const others: Instance[] = [];
    try {
      others.push(await startInstance(ctx.product, ctx.s.port + 1), await startInstance(ctx.product, ctx.s.port + 2));
      const apis = [ctx.api, ...others.map((i) => createClient(i.url))];
      for (const api of apis) {
        const set = await api.put('/dev/payment-faults/payouts', BANK_FAULTS);
        if (set.status !== 200) throw new Error(`payout faults: HTTP ${set.status} ${set.text.slice(0, 200)}`);
      }

      const total = ctx.s.payoutWithdrawals;
      const members: Member[] = await registerMany(ctx.api, Math.ceil(total / PER_MEMBER));
      for (const m of members) await fund(ctx.api, m, PER_MEMBER * AMOUNT);
      // Played through: the first withdrawals of the day are approved at once and paid within the
      // request (or left to the workers when the bank fails); the others wait for the operator.
      await ctx.sql('update members set unplayed = 0 where id = any($1::bigint[])', [members.map((m) => m.id)]);
      ctx.log(`${members.length} members funded; ${total} withdrawals through ${apis.length} instances`);

      const made = await pool(
        Array.from({ length: total }, (_, i) => i),
        12,
        async (i) => {
          const m = members[i % members.length]!;
          const api = apis[i % apis.length]!;
          return api.post('/api/wallet/withdrawAll', { amount: AMOUNT }, { token: m.token, key: newKey('scale-w') });
        },
      );
      const refused = made.filter((r) => r.status !== 200 && r.body?.message !== 'TRANSFER_FAIL');
      if (refused.length)
        throw new Error(`withdrawals refused: ${refused[0]!.status} ${refused[0]!.text.slice(0, 200)}`);

      // The operator approves the queue a worker's batch at a time, a lease and a half apart: one
      // instance claims the batch while the others, idle, see its lease run out under it.
      let approved = 0;
      for (;;) {
        const wave = await ctx.sql(
          `update withdrawals set status = 'APPROVED', updated_at = now() where id in (
             select id from withdrawals where status = 'WAITING_APPROVAL' order by id limit ${WAVE})
           returning id`,
        );
        if (wave.length === 0) break;
        approved += wave.length;
        await new Promise((r) => setTimeout(r, WAVE_GAP_MS));
      }
      ctx.log(`${approved} approved in waves of ${WAVE}; waiting for the workers`);

      const settled = await eventually(async () => (await figures(ctx)).left === 0, SETTLE_DEADLINE_MS, 250);
      const f = await figures(ctx);
      const mismatches = await bookMismatches(ctx);

      ctx.emit(
        line(
          '16.1',
          'payouts on three instances: bank calls per withdrawal',
          f.twice === 0 && settled,
          `${f.twice} of ${total} withdrawals sent to the bank more than once (most calls for one: ${f.most}); ` +
            `${f.paid} paid, ${f.rejected} refused, ${f.left} not settled in ${SETTLE_DEADLINE_MS / 1000} s; ` +
            `${f.attempts} payout attempts over ${apis.length} instances with bank faults on`,
          '0 sent twice; all settled',
        ),
      );
      ctx.emit(
        line(
          '16.2',
          "payouts on three instances: paid withdrawals against the bank's book",
          mismatches === 0 && f.paid > 0,
          `${mismatches} mismatches: a PAID withdrawal without exactly one PAID bank row of its amount and a SUCCESS ledger row, or a bank payment of a withdrawal not PAID (${f.paid} paid)`,
          '0 mismatches',
        ),
      );
    } finally {
      await Promise.all(others.map((i) => i.stop()));
    }
  },
};
