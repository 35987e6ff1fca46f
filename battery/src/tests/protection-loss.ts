// 21.3–21.5: a loss limit counts what is at risk — settled play lost plus every baht in games (or on
// its way in or out) — so no burst, unbooked loss or shuffle between games puts more into games than
// the limit allows. Each runs through the client it is given: with Redis, a round-robin balancer over
// three instances, so the calls of one burst reach every instance and only the database's member lock
// stands between them.
import { protectionPaths } from '@krapao/contracts/protection';
import { baht, line, type TestContext } from '../harness.ts';
import { type Client, newKey, type Res } from '../http.ts';
import { activate, fund, type Member, register } from '../members.ts';
import { code, tally } from './protection-exclusion.ts';

const LOSS_LIMIT = 100;
const LOST = 80;
const LOSS_ASK = 10;
const BURST = 20;

const setLoss = (api: Client, m: Member, amount: number) =>
  api.put(protectionPaths.limit, { kind: 'LOSS', period: 'DAY', amount }, { token: m.token });
const transferOf = (api: Client, m: Member) => (from: string, to: string, amount: number) =>
  api.post('/api/wallet/transfer', { from, to, amount }, { token: m.token, key: newKey('t') });
const lossState = async (api: Client, m: Member) =>
  ((await api.get(protectionPaths.state, { token: m.token })).body?.limits ?? []).find(
    (l: { kind: string }) => l.kind === 'LOSS',
  );

/** What the provider holds for `username` in `game`, in minor units. */
async function providerBalance(ctx: TestContext, username: string, game = 'JOKER'): Promise<bigint> {
  const [row] = await ctx.sql<{ b: string }>(
    `select balance::text as b from demo_provider_players where game_code = $1 and username = $2`,
    [game, username],
  );
  return BigInt(row?.b ?? 0);
}

/** The member's game accounts on our books plus transfers not yet settled, in minor units. */
async function bookedInGames(ctx: TestContext, memberId: number): Promise<bigint> {
  const [row] = await ctx.sql<{ s: string }>(
    `select ((select coalesce(sum(balance), 0) from ledger_accounts
               where member_id = $1 and kind = 'MEMBER' and code in (select code from games))
           + (select coalesce(sum(amount), 0) from ledger_transactions
               where member_id = $1 and type = 'TRANSFER' and status in ('PENDING', 'UNKNOWN')))::text as s`,
    [memberId],
  );
  return BigInt(row!.s);
}

/**
 * 21.3 A loss limit of 100: 100 in, 80 of it lost and booked, the 20 left taken out; then 20 transfers
 * of 10 at once. 20 is left (100 − 80 lost), so exactly two go in and the rest are refused with 0 left.
 */
export async function lossLimitBurst(ctx: TestContext, api: Client) {
  const m = await register(api);
  await fund(api, m, LOSS_LIMIT * 3);
  const set = await setLoss(api, m, LOSS_LIMIT);
  const { username } = await activate(api, m, 'JOKER');
  const move = transferOf(api, m);
  const first = await move('WALLET', 'JOKER', LOSS_LIMIT);
  await ctx.sql(`update demo_provider_players set balance = balance - $1 where game_code = 'JOKER' and username = $2`, [
    LOST * 100,
    username,
  ]);
  await api.get('/api/wallet/refresh/slot', { token: m.token });
  const out = await move('JOKER', 'WALLET', LOSS_LIMIT - LOST);
  const loss = await lossState(api, m);
  const before = await providerBalance(ctx, username);
  const [marker] = await ctx.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from ledger_transactions');
  const answers = await Promise.all(Array.from({ length: BURST }, () => move('WALLET', 'JOKER', LOSS_ASK)));
  const [moved] = await ctx.sql<{ s: string }>(
    `select coalesce(sum(amount), 0)::text as s from ledger_transactions
     where member_id = $1 and type = 'TRANSFER' and from_code = 'WALLET' and id > $2 and status <> 'FAILED'`,
    [m.id, marker!.id],
  );
  const atProvider = (await providerBalance(ctx, username)) - before;
  const [events] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from protection_events where member_id = $1 and kind = 'LOSS_LIMIT_REFUSED'`,
    [m.id],
  );
  const remaining = LOSS_LIMIT - LOST;
  const fits = remaining / LOSS_ASK;
  const refused = answers.filter(
    (r) => r.status === 409 && r.body?.message === 'PROTECTION_LOSS_LIMIT' && r.body?.remaining === 0,
  );
  // Taken out again, 10 fits once more.
  const back = await move('JOKER', 'WALLET', LOSS_ASK);
  const control = await move('WALLET', 'JOKER', LOSS_ASK);
  const pass =
    set.status === 200 &&
    first.status === 200 &&
    out.status === 200 &&
    loss?.used === LOST &&
    loss?.inGames === 0 &&
    loss?.remaining === remaining &&
    BigInt(moved!.s) === BigInt(remaining * 100) &&
    atProvider === BigInt(remaining * 100) &&
    refused.length === BURST - fits &&
    events!.n === refused.length &&
    back.status === 200 &&
    control.status === 200;
  ctx.emit(
    line(
      '21.3',
      'protection: transfers into a game past a loss limit',
      pass,
      `limit ${LOSS_LIMIT}, settled loss ${loss?.used}, in games ${loss?.inGames}, remaining ${loss?.remaining}; ` +
        `${BURST} transfers of ${LOSS_ASK} at once: ${tally(answers)}; went in ${baht(moved!.s)} ` +
        `(provider ${baht(atProvider)}), expected ${remaining}.00; ${events!.n} LOSS_LIMIT_REFUSED events; ` +
        `${LOSS_ASK} out and in again: ${code(back)}, ${code(control)}`,
      `${remaining}.00 in; the rest PROTECTION_LOSS_LIMIT with 0 left; room taken out is room again`,
    ),
  );
}

/**
 * 21.4 The member never lets the app book the loss: 100 in, all of it lost at the provider, no refresh,
 * then 50 more. The transfer books the game's play before it checks the limit.
 */
export async function lossNotRefreshed(ctx: TestContext, api: Client) {
  const m = await register(api);
  await fund(api, m, LOSS_LIMIT + LOSS_LIMIT);
  const set = await setLoss(api, m, LOSS_LIMIT);
  const { username } = await activate(api, m, 'JOKER');
  const move = transferOf(api, m);
  const first = await move('WALLET', 'JOKER', LOSS_LIMIT);
  await ctx.sql(`update demo_provider_players set balance = 0 where game_code = 'JOKER' and username = $1`, [username]);
  const again = await move('WALLET', 'JOKER', LOSS_LIMIT / 2);
  const atProvider = await providerBalance(ctx, username);
  const loss = await lossState(api, m);
  const pass =
    set.status === 200 &&
    first.status === 200 &&
    again.status === 409 &&
    again.body?.message === 'PROTECTION_LOSS_LIMIT' &&
    again.body?.remaining === 0 &&
    atProvider === 0n &&
    loss?.used === LOSS_LIMIT;
  ctx.emit(
    line(
      '21.4',
      'protection: a loss left unbooked in the game',
      pass,
      `limit ${LOSS_LIMIT}; ${LOSS_LIMIT} in: ${code(first)}, all lost at the provider with no refresh; ` +
        `${LOSS_LIMIT / 2} more: ${code(again)} (remaining ${again.body?.remaining}); provider ${baht(atProvider)}; ` +
        `loss used ${loss?.used}`,
      'PROTECTION_LOSS_LIMIT with 0 left; nothing more at the provider; the loss of 100 counted',
    ),
  );
}

/**
 * 21.5 The member fills the games up to the limit, then shuffles: at once, 10 moves of 50 from one game
 * to another (each leaves the first game for the wallet before it enters the second) and 10 transfers
 * of 30 from the wallet, aimed at the moment the money is between games. What the providers hold never
 * passes the limit, and our books agree with them.
 */
export async function lossShuffle(ctx: TestContext, api: Client) {
  const m = await register(api);
  await fund(api, m, LOSS_LIMIT * 5);
  const set = await setLoss(api, m, LOSS_LIMIT);
  const joker = await activate(api, m, 'JOKER');
  const pg = await activate(api, m, 'PG');
  const move = transferOf(api, m);
  const first = await move('WALLET', 'JOKER', LOSS_LIMIT);
  const answers: Res[] = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? move('JOKER', 'PG', 50) : move('WALLET', 'PG', 30))),
  );
  const atProviders = (await providerBalance(ctx, joker.username)) + (await providerBalance(ctx, pg.username, 'PG'));
  const booked = await bookedInGames(ctx, m.id);
  const fromWallet = answers.filter((_, i) => i % 2 === 1 && answers[i]!.status === 200).length;
  const serverErrors = answers.filter((r) => r.status >= 500 || r.status === 0).length;
  const pass =
    set.status === 200 &&
    first.status === 200 &&
    atProviders <= BigInt(LOSS_LIMIT * 100) &&
    booked === atProviders &&
    serverErrors === 0;
  ctx.emit(
    line(
      '21.5',
      'protection: a loss limit against moves between games',
      pass,
      `limit ${LOSS_LIMIT}; ${LOSS_LIMIT} in JOKER, then 10 × JOKER→PG 50 and 10 × wallet→PG 30 at once: ` +
        `${tally(answers)} (${fromWallet} from the wallet went in); the providers hold ${baht(atProviders)}, ` +
        `our books ${baht(booked)}`,
      `at most ${LOSS_LIMIT}.00 at the providers; books equal to them; no 5xx`,
    ),
  );
}
