// 4. Provider faults: a long run of transfers (wallet ↔ game, game → game) and play at the sandbox
// provider while it times out 30 % of calls, fails 20 % with a 5xx, applies some and loses the
// answer, and answers slowly (within and past our timeout). Afterwards, with reconciliation done,
// each member's money is checked against the ledger, the provider's books and the battery's own
// tally of every bet: nothing created, nothing lost.
import { type BatteryTest, baht, eventually, line, type TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { activate, balances, fund, type Member, registerMany } from '../members.ts';

const MEMBERS = 5;
const START_BAHT = 2000;
const GAMES = ['JOKER', 'SLOTXO'] as const;
const RATES = { timeoutRate: 0.3, errorRate: 0.2, lostResponseRate: 0.15 };
/** Three phases: answers within the timeout, answers past it (applied late), no extra delay. */
const PHASES = [
  { ...RATES, slowMs: 100 },
  { ...RATES, slowMs: 450 },
  { ...RATES, slowMs: 0 },
];
const TIMING = { interval: 1000, pendingAfter: 1000, lease: 2000, providerTimeout: 300 };

type Player = { m: Member; sessions: Record<string, string>; net: bigint; bets: number[] };
type Tally = { answers: Map<string, number>; spins: number };

/** Signs in at the demo provider's door as the game page would, and answers the play session. */
async function playSession(ctx: TestContext, game: string, account: { username: string; password: string }) {
  const form = new URLSearchParams(account).toString();
  const res = await ctx.api.call('POST', `/demo-provider/signin/${game}`, {
    body: form,
    contentType: 'application/x-www-form-urlencoded',
  });
  const location = String(res.headers.location ?? '');
  const token = location.split('#')[1];
  if (res.status !== 303 || !token)
    throw new Error(`demo provider sign-in: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return token;
}

const minor = (n: number) => BigInt(Math.round(n * 100));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function operation(ctx: TestContext, p: Player, tally: Tally) {
  const roll = Math.random();
  let res: Res;
  const amount = Math.floor(1 + Math.random() * 60) + (Math.random() < 0.3 ? 0.5 : 0);
  if (roll < 0.3) {
    const session = p.sessions[pick(GAMES)]!;
    res = await ctx.api.post(
      '/demo-provider/api/spin',
      { amount: pick(p.bets) },
      { headers: { 'x-demo-session': session } },
    );
    if (res.status === 200) {
      p.net += minor(res.body.payout) - minor(res.body.amount);
      tally.spins += 1;
    }
    return;
  }
  const a = pick(GAMES);
  const b = GAMES.find((g) => g !== a)!;
  const body =
    roll < 0.65
      ? { from: 'WALLET', to: a, amount }
      : roll < 0.9
        ? { from: a, to: 'WALLET', amount }
        : { from: a, to: b, amount };
  res = await ctx.api.post('/api/wallet/transfer', body, { token: p.m.token, key: newKey('fault') });
  const label = res.status === 200 ? res.body.status : `${res.status} ${res.body?.message ?? res.error ?? ''}`;
  tally.answers.set(label, (tally.answers.get(label) ?? 0) + 1);
}

async function unsettled(ctx: TestContext): Promise<number> {
  const [row] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from ledger_transactions where type = 'TRANSFER' and status in ('PENDING', 'UNKNOWN')`,
  );
  return row!.n;
}

/** Settled transfers whose outcome the provider's books contradict (applied there but failed here, or the reverse). */
async function outcomesDiffer(ctx: TestContext): Promise<number> {
  const [row] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from ledger_transactions t
     left join demo_provider_transfers p on p.transfer_id = 'KP' || t.id
     where t.type = 'TRANSFER' and ((t.status = 'SUCCESS') <> (coalesce(p.state, '') = 'APPLIED')
       or (t.status = 'SUCCESS' and p.amount <> t.amount))`,
  );
  return row!.n;
}

async function ledgerOf(ctx: TestContext, memberId: number) {
  const rows = await ctx.sql<{ code: string; balance: string }>(
    `select code, balance::text from ledger_accounts where member_id = $1 and kind = 'MEMBER'`,
    [memberId],
  );
  return new Map(rows.map((r) => [r.code, BigInt(r.balance)]));
}

async function providerOf(ctx: TestContext, memberId: number) {
  const rows = await ctx.sql<{ game: string; balance: string }>(
    `select g.game_code as game, p.balance::text from game_accounts g
     join demo_provider_players p on p.game_code = g.game_code and p.username = g.username where g.member_id = $1`,
    [memberId],
  );
  return new Map(rows.map((r) => [r.game, BigInt(r.balance)]));
}

export const providerFaultsTest: BatteryTest = {
  no: 4,
  title: 'provider faults',
  env: () => ({
    RECONCILE_INTERVAL_MS: String(TIMING.interval),
    RECONCILE_PENDING_AFTER_MS: String(TIMING.pendingAfter),
    RECONCILE_LEASE_MS: String(TIMING.lease),
    PROVIDER_TIMEOUT_MS: String(TIMING.providerTimeout),
  }),
  async run(ctx) {
    const players: Player[] = [];
    for (const m of await registerMany(ctx.api, MEMBERS)) {
      await fund(ctx.api, m, START_BAHT);
      const sessions: Record<string, string> = {};
      for (const game of GAMES) sessions[game] = await playSession(ctx, game, await activate(ctx.api, m, game));
      const info = await ctx.api.get('/demo-provider/api/session', { headers: { 'x-demo-session': sessions.JOKER! } });
      players.push({ m, sessions, net: 0n, bets: (info.body?.bets as number[]) ?? [1] });
    }
    const tally: Tally = { answers: new Map(), spins: 0 };
    const perPhase = Math.ceil(ctx.s.faultOperations / PHASES.length);
    for (const phase of PHASES) {
      await ctx.api.put('/dev/provider-faults', phase);
      let left = perPhase;
      // Two connections per member: its own transfers and bets race each other too.
      await Promise.all(
        [...players, ...players].map(async (p) => {
          while (left-- > 0) await operation(ctx, p, tally);
        }),
      );
    }
    await ctx.api.put('/dev/provider-faults', {});
    const settled = await eventually(async () => (await unsettled(ctx)) === 0, 60_000, 250);

    let lost = 0n;
    let booksOff = 0;
    let viewOff = 0;
    for (const p of players) {
      const refreshed = await ctx.api.get('/api/wallet/refresh/slot', { token: p.m.token });
      if (refreshed.status !== 200) throw new Error(`refresh: ${refreshed.text}`);
      const ledger = await ledgerOf(ctx, p.m.id);
      const provider = await providerOf(ctx, p.m.id);
      const view = await balances(ctx.api, p.m);
      const held = [...ledger.values()].reduce((a, b) => a + b, 0n);
      const expected = minor(START_BAHT) + p.net;
      lost += held > expected ? held - expected : expected - held;
      for (const game of GAMES) if (ledger.get(game) !== provider.get(game)) booksOff += 1;
      if (minor(view.wallet) !== ledger.get('WALLET')) viewOff += 1;
      for (const game of GAMES) if (minor(view.games[game] ?? 0) !== ledger.get(game)) viewOff += 1;
    }
    const differ = await outcomesDiffer(ctx);
    const answers = [...tally.answers.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    const ops = perPhase * PHASES.length;
    const broken = [...tally.answers.entries()].filter(([k]) => /^(5\d\d|0) /.test(k) && !k.includes('TRANSFER_FAIL'));
    ctx.emit(
      line(
        '4.1',
        'provider faults: money conserved',
        settled && lost === 0n && broken.length === 0,
        `${ops} operations (${tally.spins} bets; transfers: ${answers}); after reconciliation ${settled ? '0' : await unsettled(ctx)} unsettled; ${baht(lost)} baht created or lost over ${MEMBERS} members`,
        'no 500; 0 unsettled; 0.00 created or lost',
      ),
    );
    ctx.emit(
      line(
        '4.2',
        'provider faults: ledger = provider = wallet',
        booksOff === 0 && viewOff === 0 && differ === 0,
        `${booksOff} game balances off the provider's books, ${viewOff} balances shown off the ledger, ${differ} transfer outcomes contradicting the provider`,
        '0 / 0 / 0',
      ),
    );
  },
};
