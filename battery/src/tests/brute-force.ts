// 7. Brute force: wrong passwords for one account from many client addresses at once (each its own
// 127.x.y.z source address, so neither the per-IP limit nor any address's own lockout trips): the
// account's ceiling for places its member never signed in from stops them within the configured
// attempts and then refuses even the right password from a new place. OTP: a burst of guesses at one
// code tests no more codes than allowed, and a burst of sends mints one code, not one per request.
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { type Member, register } from '../members.ts';

const LOGIN_MAX_ATTEMPTS = 5;
/** Attempts on one account from places its member never signed in from (the member's own two count). */
const LOGIN_ACCOUNT_MAX_ATTEMPTS = 10;
const OTP_MAX_TRIES = 5;
const GUESSES = 60;

let nextIp = 0;
/** A source address no earlier request of the battery used. */
const freshIp = () => {
  nextIp += 1;
  return `127.${10 + Math.floor(nextIp / 250)}.${nextIp % 250}.${1 + (nextIp % 200)}`;
};

/** The address the server recorded for a sign-in from `ip` (it must see each client's own). */
async function seenAs(ctx: TestContext, m: Member, ip: string): Promise<boolean> {
  const res = await ctx.api.post('/api/login', { username: m.username, password: m.password }, { ip });
  const rows = await ctx.sql<{ ip: string }>('select ip from sessions where member_id = $1 order by id desc limit 1', [
    m.id,
  ]);
  return res.status === 200 && rows[0]?.ip === ip;
}

async function login(ctx: TestContext, m: Member) {
  const seen = await seenAs(ctx, m, freshIp());
  const guess = (i: number) =>
    ctx.api.post('/api/login', { username: m.username, password: `wrong-${i}-password` }, { ip: freshIp() });
  // Ten one after the other, then the rest at once: every one from its own address.
  const guesses = [];
  for (let i = 0; i < 10; i++) guesses.push(await guess(i));
  guesses.push(...(await Promise.all(Array.from({ length: GUESSES - 10 }, (_, i) => guess(10 + i)))));
  const checked = guesses.filter((r) => r.body?.message === 'WRONG_CREDENTIAL').length;
  const locked = guesses.filter((r) => r.body?.message === 'REQUEST_LIMIT').length;
  const right = await ctx.api.post('/api/login', { username: m.username, password: m.password }, { ip: freshIp() });
  const refusedRight = right.status !== 200 && !right.body?.token;
  ctx.emit(
    line(
      '7.1',
      'brute force: login over many IPs',
      seen && checked <= LOGIN_ACCOUNT_MAX_ATTEMPTS && checked + locked === GUESSES && refusedRight,
      `${GUESSES} wrong passwords from ${GUESSES} addresses${seen ? '' : ' (NOT seen as such)'}: ${checked} checked, ${locked} refused locked; the right password then: ${refusedRight ? `refused (${right.body?.message})` : 'ACCEPTED'}`,
      `≤ ${LOGIN_ACCOUNT_MAX_ATTEMPTS} checked; then locked`,
    ),
  );
}

let phoneSeq = Math.floor(Math.random() * 9_000_000);
const freshPhone = () => `09${String(++phoneSeq).padStart(8, '0')}`;

async function otpGuesses(ctx: TestContext) {
  const phone = freshPhone();
  const sent = await ctx.api.post('/api/otp/send', { phoneNumber: phone }, { ip: freshIp() });
  if (sent.status !== 200) throw new Error(`otp send: ${sent.text}`);
  const inbox = await ctx.api.get(`/dev/sms?phone=${phone}`);
  const code = String(inbox.body?.[0]?.code ?? '');
  if (!/^\d{6}$/.test(code)) throw new Error(`no OTP code in the sandbox inbox: ${inbox.text}`);
  const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const guesses = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      ctx.api.post('/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: wrong(i) }, { ip: freshIp() }),
    ),
  );
  const tried = guesses.filter((r) => r.body?.message === 'OTP_CODE_INVALID').length;
  const blocked = guesses.filter((r) => r.body?.message === 'OTP_BLOCK').length;
  const right = await ctx.api.post(
    '/api/otp/verify',
    { otpToken: sent.body.otpToken, otpCode: code },
    { ip: freshIp() },
  );
  const refusedRight = right.body?.code !== 'OTP_CODE_VALID';
  ctx.emit(
    line(
      '7.2',
      'brute force: OTP guesses at once',
      tried <= OTP_MAX_TRIES && tried + blocked === GUESSES && refusedRight,
      `${GUESSES} wrong codes at once from ${GUESSES} addresses: ${tried} tested, ${blocked} blocked; the right code then: ${refusedRight ? `refused (${right.body?.message})` : 'ACCEPTED'}`,
      `≤ ${OTP_MAX_TRIES} tested; then blocked`,
    ),
  );
}

async function otpSends(ctx: TestContext) {
  const phone = freshPhone();
  const sends = await Promise.all(
    Array.from({ length: 30 }, () => ctx.api.post('/api/otp/send', { phoneNumber: phone }, { ip: freshIp() })),
  );
  const tokens = new Set(sends.filter((r) => r.status === 200).map((r) => r.body.otpToken));
  const inbox = await ctx.api.get(`/dev/sms?phone=${phone}`);
  const sms = Array.isArray(inbox.body) ? inbox.body.length : -1;
  ctx.emit(
    line(
      '7.3',
      'brute force: OTP sends at once',
      tokens.size === 1 && sms === 1,
      `30 sends at once for one phone: ${sms} SMS, ${tokens.size} code to guess at (${OTP_MAX_TRIES} tries each)`,
      'exactly 1 SMS, 1 code (a double-click still gets its code)',
    ),
  );
}

export const bruteForceTest: BatteryTest = {
  no: 7,
  title: 'brute force',
  env: () => ({
    LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
    LOGIN_ACCOUNT_MAX_ATTEMPTS: String(LOGIN_ACCOUNT_MAX_ATTEMPTS),
    OTP_MAX_TRIES: String(OTP_MAX_TRIES),
    TRUST_PROXY: 'false',
  }),
  async run(ctx) {
    await login(ctx, await register(ctx.api));
    await otpGuesses(ctx);
    await otpSends(ctx);
  },
};
