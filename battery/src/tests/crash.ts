// 3. Crash consistency: members move money between their wallet and a game from many connections
// at once; the server is killed with SIGKILL at a random moment, restarted, and checked: the ledger
// invariants, every transfer the client saw acknowledged committed, every transfer left PENDING
// settled by reconciliation within its deadline, and each game balance equal to the provider's.
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { dropConnections, newKey, sleep } from '../http.ts';
import { activate, fund, type Member, registerMany } from '../members.ts';

const MEMBERS = 6;
const CONNECTIONS = 12;
/** Slow provider answers keep sagas open when the kill comes; some answers are lost (PENDING acks). */
const FAULTS = {
  slowMs: 150,
  lostResponseRate: 0.1,
  timeoutRate: 0.05,
  methods: ['deposit', 'withdraw', 'transferStatus', 'cancelTransfer'],
};
/** Reconciliation settings of this test: 1 s instead of the defaults (5 s, 60 s), so the deadline stays short. */
const TIMING = { interval: 1000, pendingAfter: 1000, lease: 2000, providerTimeout: 500 };
/** A transfer left unsettled by a crash is settled within this long after the restart. */
const DEADLINE_MS = TIMING.pendingAfter + TIMING.lease + 2 * TIMING.interval;

type Ack = { transferId: string; status: string };
type Totals = {
  kills: number;
  cleanInvariants: number;
  problems: string[];
  acked: number;
  ackedPending: number;
  ackedCommitted: number;
  unsettledAtKill: number;
  settledInTime: number;
  slowestSettleMs: number;
  booksMatch: number;
};

async function transferLoad(ctx: TestContext, members: Member[], stop: { now: boolean }, acks: Ack[]) {
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      const m = members[w % members.length]!;
      while (!stop.now) {
        const toGame = Math.random() < 0.55;
        const amount = Math.floor(1 + Math.random() * 30) + (Math.random() < 0.3 ? 0.25 : 0);
        const body = toGame ? { from: 'WALLET', to: 'JOKER', amount } : { from: 'JOKER', to: 'WALLET', amount };
        const r = await ctx.api.post('/api/wallet/transfer', body, { token: m.token, key: newKey('crash') });
        if (r.status === 200) acks.push({ transferId: String(r.body.transferId), status: r.body.status });
        if (r.status === 0) return; // the server is gone
      }
    }),
  );
}

async function unsettled(ctx: TestContext, upTo: number): Promise<number> {
  const [row] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from ledger_transactions where type = 'TRANSFER' and status in ('PENDING', 'UNKNOWN') and id <= $1`,
    [upTo],
  );
  return row!.n;
}

/** Members whose game balance in the ledger differs from the provider's books. */
async function booksDiffer(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.sql<{ member_id: string; ledger: string; provider: string }>(
    `select a.member_id, a.balance::text as ledger, p.balance::text as provider
     from ledger_accounts a
     join game_accounts g on g.member_id = a.member_id and g.game_code = a.code
     join demo_provider_players p on p.game_code = g.game_code and p.username = g.username
     where a.kind = 'MEMBER' and a.code = 'JOKER' and a.balance <> p.balance`,
  );
  return rows.map((r) => `member ${r.member_id}: ledger ${r.ledger}, provider ${r.provider}`);
}

async function checkAcks(ctx: TestContext, acks: Ack[], t: Totals) {
  if (acks.length === 0) return;
  const rows = await ctx.sql<{ id: string; status: string }>(
    'select id::text, status from ledger_transactions where id = any($1::bigint[])',
    [acks.map((a) => a.transferId)],
  );
  const status = new Map(rows.map((r) => [r.id, r.status]));
  for (const a of acks) {
    t.acked += 1;
    if (a.status === 'PENDING') t.ackedPending += 1;
    const now = status.get(a.transferId);
    // SUCCESS stays SUCCESS; an acknowledged PENDING is recorded and now settled either way.
    const ok = a.status === 'SUCCESS' ? now === 'SUCCESS' : now === 'SUCCESS' || now === 'FAILED';
    if (ok) t.ackedCommitted += 1;
    else if (t.problems.length < 5) t.problems.push(`ack ${a.transferId} ${a.status} is ${now ?? 'missing'}`);
  }
}

async function cycle(ctx: TestContext, members: Member[], t: Totals) {
  // The provider misbehaves under the load; after the restart (faults reset) it answers again.
  await ctx.api.put('/dev/provider-faults', FAULTS);
  const acks: Ack[] = [];
  const stop = { now: false };
  const load = transferLoad(ctx, members, stop, acks);
  await sleep(200 + Math.random() * 1300);
  await ctx.product.kill();
  stop.now = true;
  await load;
  dropConnections();
  t.kills += 1;
  const [top] = await ctx.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from ledger_transactions');
  const upTo = Number(top!.id);
  const left = await unsettled(ctx, upTo);
  t.unsettledAtKill += left;

  await ctx.product.start();
  const restarted = Date.now();
  const problems = await ctx.product.ledgerProblems();
  if (problems.length === 0) t.cleanInvariants += 1;
  else t.problems.push(`kill ${t.kills}: ${problems.map((p) => p.check).join(', ')}`);

  const settled = await eventually(async () => (await unsettled(ctx, upTo)) === 0, DEADLINE_MS + 2000, 100);
  const took = Date.now() - restarted;
  if (settled && took <= DEADLINE_MS) t.settledInTime += left;
  else t.problems.push(`kill ${t.kills}: ${await unsettled(ctx, upTo)} still unsettled after ${took} ms`);
  if (left > 0) t.slowestSettleMs = Math.max(t.slowestSettleMs, took);

  await checkAcks(ctx, acks, t);
  const differ = await booksDiffer(ctx);
  if (differ.length === 0) t.booksMatch += 1;
  else t.problems.push(`kill ${t.kills}: ${differ.slice(0, 2).join('; ')}`);
}

export const crashTest: BatteryTest = {
  no: 3,
  title: 'crash consistency',
  env: () => ({
    RECONCILE_INTERVAL_MS: String(TIMING.interval),
    RECONCILE_PENDING_AFTER_MS: String(TIMING.pendingAfter),
    RECONCILE_LEASE_MS: String(TIMING.lease),
    PROVIDER_TIMEOUT_MS: String(TIMING.providerTimeout),
  }),
  async run(ctx) {
    const members = await registerMany(ctx.api, MEMBERS);
    for (const m of members) {
      await activate(ctx.api, m, 'JOKER');
      await fund(ctx.api, m, 5000);
    }
    const t: Totals = {
      kills: 0,
      cleanInvariants: 0,
      problems: [],
      acked: 0,
      ackedPending: 0,
      ackedCommitted: 0,
      unsettledAtKill: 0,
      settledInTime: 0,
      slowestSettleMs: 0,
      booksMatch: 0,
    };
    for (let i = 0; i < ctx.s.crashKills; i++) {
      await cycle(ctx, members, t);
      if (i % 10 === 9) ctx.log(`${i + 1} kills`);
    }
    const note = t.problems.length ? ` — ${t.problems.slice(0, 3).join('; ')}` : '';
    const n = t.kills;
    ctx.emit(
      line(
        '3.1',
        `crash: invariants after ${n} SIGKILLs`,
        t.cleanInvariants === n,
        `${t.cleanInvariants}/${n} restarts pass every ledger:check invariant (none half-written)${note}`,
        `${n}/${n}`,
      ),
    );
    ctx.emit(
      line(
        '3.2',
        'crash: acknowledged transfers committed',
        t.acked > 0 && t.ackedCommitted === t.acked,
        `${t.ackedCommitted}/${t.acked} acknowledged transfers committed (${t.ackedPending} of them acknowledged PENDING, settled since)`,
        'all',
      ),
    );
    ctx.emit(
      line(
        '3.3',
        'crash: PENDING settled by reconciliation',
        t.settledInTime === t.unsettledAtKill,
        `${t.settledInTime}/${t.unsettledAtKill} left unsettled by a kill settled within ${DEADLINE_MS / 1000} s of the restart (slowest ${(t.slowestSettleMs / 1000).toFixed(1)} s)`,
        `all within ${DEADLINE_MS / 1000} s`,
      ),
    );
    ctx.emit(
      line(
        '3.4',
        'crash: game balances = provider books',
        t.booksMatch === n,
        `${t.booksMatch}/${n} restarts: every member's game balance in the ledger equals the provider's`,
        `${n}/${n}`,
      ),
    );
  },
};
