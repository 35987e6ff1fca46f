// What test 11's attacks share: the house figure (money paid out beyond what a member paid in plus
// won at play), the cancel trick, play at the demo provider's slot, and withdrawals.
import { baht, eventually, line, type TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { activate, balances, type Member } from '../members.ts';

/** The demo provider's playable slot, seeded as a game of the sandbox provider. */
export const GAME = 'JOKER';
/** The slot's largest bet button, in baht. */
const MAX_BET = 100;

export type Money = { paidIn: bigint; out: bigint; won: bigint; excess: bigint; waiting: number };

/**
 * Per member: paid in = credited deposits; out = withdrawals PAID, or APPROVED (decided without a
 * person, in the payout queue: the money is leaving); won = net game results booked for the member.
 * Withdrawals WAITING_APPROVAL are not out (a person sees their review reasons) but are counted.
 * excess = the sum over the members of max(0, out − paid in − won).
 */
export async function moneyOf(ctx: TestContext, memberIds: number[]): Promise<Money> {
  const rows = await ctx.sql<{ paid_in: string; out: string; won: string; waiting: number }>(
    `select
       coalesce((select sum(t.amount) from ledger_transactions t
         where t.member_id = m.id and t.type = 'DEPOSIT' and t.status = 'SUCCESS'), 0)::text as paid_in,
       coalesce((select sum(w.amount) from withdrawals w
         where w.member_id = m.id and w.status in ('PAID', 'APPROVED')), 0)::text as out,
       coalesce((select -sum(e.amount) from ledger_entries e
         join ledger_accounts a on a.id = e.account_id and a.kind = 'HOUSE'
         join ledger_transactions t on t.id = e.transaction_id
         where t.member_id = m.id and t.type = 'GAME_RESULT'), 0)::text as won,
       (select count(*) from withdrawals w where w.member_id = m.id and w.status = 'WAITING_APPROVAL')::int as waiting
     from members m where m.id = any($1::bigint[])`,
    [memberIds],
  );
  const sum: Money = { paidIn: 0n, out: 0n, won: 0n, excess: 0n, waiting: 0 };
  for (const r of rows) {
    const [paidIn, out, won] = [BigInt(r.paid_in), BigInt(r.out), BigInt(r.won)];
    sum.paidIn += paidIn;
    sum.out += out;
    sum.won += won;
    sum.waiting += r.waiting;
    if (out > paidIn + won) sum.excess += out - paidIn - won;
  }
  return sum;
}

/** Waits (a few seconds at most) until no withdrawal of these members is still being paid. */
export async function payoutsSettled(ctx: TestContext, memberIds: number[]): Promise<void> {
  await eventually(async () => {
    const [row] = await ctx.sql<{ n: number }>(
      `select count(*)::int as n from withdrawals where member_id = any($1::bigint[]) and status = 'APPROVED'`,
      [memberIds],
    );
    return row!.n === 0;
  }, 10_000);
}

/** The house figure of one path: PASS at 0.00 baht paid beyond paid in plus won. */
export function emitExcess(ctx: TestContext, id: string, name: string, trials: number, m: Money, notes: string[]) {
  const noted = notes.length ? ` — ${[...new Set(notes)].slice(0, 3).join('; ')}` : '';
  ctx.emit(
    line(
      id,
      `abuse: ${name}`,
      m.excess === 0n,
      `${baht(m.excess)} baht paid out beyond paid in + won over ${trials} trials ` +
        `(paid in ${baht(m.paidIn)}, out ${baht(m.out)}, won ${baht(m.won)}; ${m.waiting} withdrawals left waiting for review)${noted}`,
      '0.00 baht',
    ),
  );
}

/** A short account of an answer for the figure's notes. */
export const said = (r: Res) =>
  r.status === 200
    ? String(r.body?.status ?? r.body?.message ?? 'OK')
    : `${r.status} ${r.body?.message ?? r.error ?? ''}${r.body?.reason ? `/${r.body.reason}` : ''}`;

export async function transfer(ctx: TestContext, m: Member, from: string, to: string, amount: number) {
  return ctx.api.post('/api/wallet/transfer', { from, to, amount }, { token: m.token, key: newKey('abuse-t') });
}

export async function withdraw(ctx: TestContext, m: Member, amount: number) {
  return ctx.api.post('/api/wallet/withdrawAll', { amount }, { token: m.token, key: newKey('abuse-w') });
}

/** The member's withdrawal minimum (the lookup answers the signed-in member's currency). */
async function withdrawMin(ctx: TestContext, m: Member): Promise<number> {
  const res = await ctx.api.get('/api/lookup/withdraw', { token: m.token });
  return Number(res.body?.withdrawMin ?? 100);
}

/** Everything in the wallet out, when it reaches the minimum: the attacker's last step. */
export async function withdrawAll(ctx: TestContext, m: Member): Promise<string> {
  const { wallet } = await balances(ctx.api, m);
  if (wallet < (await withdrawMin(ctx, m))) return `wallet ${wallet}: nothing to withdraw`;
  return `withdraw ${wallet}: ${said(await withdraw(ctx, m, wallet))}`;
}

/**
 * The cancel trick: the credit goes into a game, the condition is cancelled (a cancel that takes
 * back only what the wallet holds takes nothing), the money comes back and is withdrawn.
 */
export async function cancelTrick(ctx: TestContext, m: Member): Promise<string> {
  // Opens the game account (SLOT_ALREADY_ACTIVE when the member already has it).
  await ctx.api.get(`/api/wallet/activate/${GAME}`, { token: m.token });
  const before = await balances(ctx.api, m);
  if (before.wallet > 0) await transfer(ctx, m, 'WALLET', GAME, before.wallet);
  const clear = await ctx.api.get('/api/bonus/clear', { token: m.token, key: newKey('abuse-clear') });
  await ctx.api.get('/api/wallet/refresh/slot', { token: m.token });
  const inGame = (await balances(ctx.api, m)).games[GAME] ?? 0;
  if (inGame > 0) await transfer(ctx, m, GAME, 'WALLET', inGame);
  const taken = clear.status === 200 ? ` takenBack ${clear.body?.takenBack}` : '';
  return `clear ${said(clear)}${taken}; ${await withdrawAll(ctx, m)}`;
}

/** Signs in at the demo provider's door as the game page does; answers the play session. */
export async function playSession(ctx: TestContext, m: Member): Promise<string> {
  const account = await activate(ctx.api, m, GAME);
  const res = await ctx.api.call('POST', `/demo-provider/signin/${GAME}`, {
    body: new URLSearchParams(account).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const token = String(res.headers.location ?? '').split('#')[1];
  if (res.status !== 303 || !token)
    throw new Error(`demo provider sign-in: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return token;
}

/**
 * Plays the member's whole wallet at the slot until the stakes reach `turnover` baht (or the money
 * runs out), then brings the game balance back to the wallet. Answers the stakes placed.
 */
export async function playThrough(ctx: TestContext, m: Member, turnover: number): Promise<number> {
  const session = await playSession(ctx, m);
  const { wallet } = await balances(ctx.api, m);
  const moved = await transfer(ctx, m, 'WALLET', GAME, wallet);
  if (moved.status !== 200) throw new Error(`transfer to ${GAME}: ${moved.text}`);
  let staked = 0;
  while (staked < turnover) {
    const spin = await ctx.api.post(
      '/demo-provider/api/spin',
      { amount: MAX_BET },
      { headers: { 'x-demo-session': session } },
    );
    if (spin.status !== 200) break;
    staked += MAX_BET;
  }
  await ctx.api.get('/api/wallet/refresh/slot', { token: m.token });
  const inGame = (await balances(ctx.api, m)).games[GAME] ?? 0;
  if (inGame > 0) await transfer(ctx, m, GAME, 'WALLET', inGame);
  return staked;
}

/** The member's deposited money not yet played through (0 where the product does not count it). */
export async function unplayedOf(ctx: TestContext, memberId: number): Promise<bigint> {
  const [row] = await ctx.sql<{ unplayed: string }>('select unplayed::text from members where id = $1', [memberId]);
  return BigInt(row?.unplayed ?? 0);
}
