// 12. Logins and lockout. 12.1: logins with the old password fired around one password change (each
// from its own 127.x.y.z address): afterwards no session made from the old password works — neither
// a token the server answered nor a row in `sessions`. 12.2: guessers on many addresses send wrong
// passwords for a member while the member signs in from home and then changes the password: every
// one of the owner's actions succeeds; the guessers' addresses are locked out (per address, and by
// the account's ceiling for places the member never signed in from).
import { createHash } from 'node:crypto';
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { type Member, register } from '../members.ts';

const LOGINS_PER_TRIAL = 8;
const OWNERS = 5;
const GUESSERS = 30;
const ROUNDS = 7;

/** 127.<block>.x.y: distinct addresses, `i` from 0. */
const address = (block: number, i: number) => `127.${block}.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** Live sessions of the member other than `keep`'s: not revoked, made from the current password. */
async function liveOthers(ctx: TestContext, memberId: number, keep: string): Promise<number> {
  const hash = createHash('sha256').update(keep).digest('hex');
  const [row] = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from sessions s join members m on m.id = s.member_id
     where s.member_id = $1 and s.revoked_at is null and s.expires_at > now()
       and s.credential_version = m.credential_version and s.token_hash <> $2`,
    [memberId, hash],
  );
  return Number(row?.n ?? -1);
}

async function stormTrial(ctx: TestContext, trial: number) {
  const m = await register(ctx.api);
  // Addresses cycle over 64, so no address collects the per-IP failure limit across trials.
  const login = (i: number) =>
    ctx.api.post(
      '/api/login',
      { username: m.username, password: m.password },
      { ip: address(40, (trial * LOGINS_PER_TRIAL + i) % 64) },
    );
  const half = LOGINS_PER_TRIAL / 2;
  const before = Array.from({ length: half }, (_, i) => login(i));
  const change = ctx.api.put(
    '/api/account/changepwd',
    { oldPassword: m.password, newPassword: `storm-${trial}-new` },
    { token: m.token },
  );
  const after = Array.from({ length: half }, (_, i) => login(half + i));
  const changed = await change;
  if (changed.status !== 200) throw new Error(`change password: ${changed.text}`);
  const logins = await Promise.all([...before, ...after]);
  const tokens = logins.map((r) => r.body?.token).filter((x): x is string => typeof x === 'string');
  const working = await Promise.all(tokens.map((token) => ctx.api.get('/api/wallet', { token })));
  return {
    answered: tokens.length,
    refused: logins.filter((r) => r.body?.message === 'WRONG_CREDENTIAL').length,
    odd: logins.filter((r) => r.status !== 200 && r.body?.message !== 'WRONG_CREDENTIAL').length,
    surviving: working.filter((r) => r.status === 200).length,
    rows: await liveOthers(ctx, m.id, changed.body.token),
  };
}

async function storm(ctx: TestContext) {
  const trials = ctx.s.loginStormTrials;
  let answered = 0;
  let refused = 0;
  let odd = 0;
  let surviving = 0;
  let rows = 0;
  for (let trial = 0; trial < trials; trial++) {
    const r = await stormTrial(ctx, trial);
    answered += r.answered;
    refused += r.refused;
    odd += r.odd;
    surviving += r.surviving;
    rows += r.rows;
  }
  ctx.emit(
    line(
      '12.1',
      'logins: storm around a password change',
      surviving === 0 && rows === 0 && odd === 0,
      `${trials} trials of ${LOGINS_PER_TRIAL} logins with the old password around one change: ${answered} answered a token, ${refused} WRONG_CREDENTIAL${odd ? `, ${odd} other answers` : ''}; old-password sessions working afterwards: ${surviving} tokens, ${rows} live rows`,
      '0 surviving',
    ),
  );
}

/** One owner under attack: answers the owner's successes and the guessers' answers. */
async function ownerUnderAttack(ctx: TestContext, n: number, home: string) {
  const m: Member = await register(ctx.api, { ip: home });
  const ownerOk: boolean[] = [];
  const guesses: string[] = [];
  let password = m.password;
  let token = m.token;
  for (let round = 0; round < ROUNDS; round++) {
    const wrong = Array.from({ length: GUESSERS }, (_, i) =>
      ctx.api.post('/api/login', { username: m.username, password: `guess-${round}-${i}` }, { ip: address(50 + n, i) }),
    );
    if (round === ROUNDS - 2) {
      const next = `owner-${n}-changed`;
      const changed = await ctx.api.put(
        '/api/account/changepwd',
        { oldPassword: password, newPassword: next },
        { token },
      );
      ownerOk.push(changed.status === 200);
      if (changed.status === 200) {
        password = next;
        token = changed.body.token;
      }
    }
    const own = await ctx.api.post('/api/login', { username: m.username, password }, { ip: home });
    ownerOk.push(own.status === 200);
    ownerOk.push((await ctx.api.get('/api/wallet', { token: own.body?.token ?? token })).status === 200);
    guesses.push(...(await Promise.all(wrong)).map((r) => String(r.body?.message ?? r.status)));
  }
  // The right password from a guesser's address is refused too.
  const right = await ctx.api.post('/api/login', { username: m.username, password }, { ip: address(50 + n, 0) });
  return { ownerOk, guesses, rightRefused: right.status === 429 };
}

async function owners(ctx: TestContext) {
  let ok = 0;
  let actions = 0;
  let checked = 0;
  let refused = 0;
  let other = 0;
  let rightRefused = 0;
  for (let n = 0; n < OWNERS; n++) {
    const r = await ownerUnderAttack(ctx, n, address(60, n));
    ok += r.ownerOk.filter(Boolean).length;
    actions += r.ownerOk.length;
    checked += r.guesses.filter((x) => x === 'WRONG_CREDENTIAL').length;
    refused += r.guesses.filter((x) => x === 'REQUEST_LIMIT').length;
    other += r.guesses.filter((x) => x !== 'WRONG_CREDENTIAL' && x !== 'REQUEST_LIMIT').length;
    if (r.rightRefused) rightRefused += 1;
  }
  const total = OWNERS * GUESSERS * ROUNDS;
  ctx.emit(
    line(
      '12.2',
      'logins: guessers never lock the owner out',
      ok === actions && other === 0 && refused > 0 && rightRefused === OWNERS,
      `${OWNERS} owners, each under ${GUESSERS} guessing addresses × ${ROUNDS} rounds: the owner's sign-ins at home, wallet reads and password change succeeded ${ok}/${actions}; the guesses: ${checked} checked, ${refused} refused${other ? `, ${other} other answers` : ''} of ${total}; the right password from a guesser's address refused ${rightRefused}/${OWNERS}`,
      "100% of the owner's actions; guessers refused",
    ),
  );
}

export const securityLoginsTest: BatteryTest = {
  no: 12,
  title: 'logins and lockout',
  env: () => ({ TRUST_PROXY: 'false' }),
  async run(ctx) {
    await storm(ctx);
    await owners(ctx);
  },
};
