// 11. Abuse, on how the server is built and started: the Laos build's withdrawal limits per
// currency (a baht member once got the kip figures), and production without the demo member (its
// password is public).
import { type ChildProcess, spawn } from 'node:child_process';
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { fund, login, type Member, PASSWORD } from '../members.ts';
import { REPO_ROOT } from '../settings.ts';
import { said, withdraw } from './abuse-money.ts';

type Check = { what: string; holds: boolean; detail: string };

function emitChecks(ctx: TestContext, id: string, name: string, checks: Check[]) {
  const failed = checks.filter((c) => !c.holds);
  const detail = (failed.length ? failed : checks).map((c) => `${c.what}: ${c.detail}`);
  ctx.emit(
    line(
      id,
      `abuse: ${name}`,
      checks.length > 0 && failed.length === 0,
      `${checks.length - failed.length}/${checks.length} hold — ${detail.slice(0, 4).join('; ')}`,
      'all hold',
    ),
  );
}

let seq = Math.floor(Math.random() * 900_000);

/** A member of the Laos build: an 8-digit phone; BAHT with a Thai bank, LAK (the default) with BCEL. */
async function registerLaos(ctx: TestContext, currency: 'BAHT' | 'LAK'): Promise<Member> {
  seq += 1;
  const username = `20${String(seq).padStart(6, '0')}`;
  const bankCode = currency === 'BAHT' ? 'KBANK' : 'BCEL';
  const bankAccountNo = `01${String(seq).padStart(8, '0')}`;
  const body = {
    name: `Battery Laos ${seq}`,
    username,
    password: PASSWORD,
    bankCode,
    bankAccountName: 'BATTERY LAOS',
    bankAccountNo,
    ...(currency === 'BAHT' ? { currency } : {}),
  };
  const res = await ctx.api.post('/api/account', body);
  if (res.status !== 200) throw new Error(`register (${currency}): HTTP ${res.status} ${res.text.slice(0, 300)}`);
  const token = await login(ctx.api, username, PASSWORD);
  return { id: Number(res.body._id), username, password: PASSWORD, token, bankCode, bankAccountNo };
}

type Limits = { withdrawMin: number; withdrawMax: number };

async function lookupOf(ctx: TestContext, m: Member): Promise<Limits> {
  return (await ctx.api.get('/api/lookup/withdraw', { token: m.token })).body as Limits;
}

/** Refused by a limit: below the minimum (TRANSFER_MINIMUM) or above the maximum (KEY_INVALID with it). */
const refusedByLimit = (r: { status: number; body: { message?: string; maximum?: unknown } | null }) =>
  r.status !== 200 && (r.body?.message === 'TRANSFER_MINIMUM' || r.body?.maximum !== undefined);

/** 11.7: a BAHT and a LAK member of the Laos build, each held to the limits of their own currency. */
async function laosLimits(ctx: TestContext) {
  const checks: Check[] = [];
  const rows = await ctx.sql<{ value: Record<string, Record<string, number>> }>(
    `select value from settings where key = 'withdrawRules'`,
  );
  const rules = rows[0]?.value;
  checks.push({
    what: 'withdrawRules setting',
    holds: Boolean(rules?.BAHT && rules?.LAK),
    detail: rules ? 'BAHT, LAK' : 'absent',
  });

  const thai = await registerLaos(ctx, 'BAHT');
  const thaiLimits = await lookupOf(ctx, thai);
  checks.push({
    what: 'BAHT lookup',
    holds: thaiLimits.withdrawMin === rules?.BAHT?.withdrawMin && thaiLimits.withdrawMax === rules?.BAHT?.withdrawMax,
    detail: `${thaiLimits.withdrawMin}–${thaiLimits.withdrawMax}`,
  });
  await fund(ctx.api, thai, 20_000);
  const big = await withdraw(ctx, thai, 15_000);
  const [bigRow] =
    big.status === 200
      ? await ctx.sql<{ status: string }>('select status from withdrawals where id = $1', [big.body.withdrawId])
      : [];
  checks.push({
    what: 'BAHT 15000 not paid at once',
    holds: big.status === 200 && bigRow?.status === 'WAITING_APPROVAL',
    detail: `${said(big)} ${bigRow?.status ?? ''}`.trim(),
  });
  const small = await withdraw(ctx, thai, 5_000);
  checks.push({ what: 'BAHT 5000 within the limits', holds: small.status === 200, detail: said(small) });

  const lao = await registerLaos(ctx, 'LAK');
  const laoLimits = await lookupOf(ctx, lao);
  const lak = rules?.LAK ?? { withdrawMin: Number.NaN, withdrawMax: Number.NaN };
  checks.push({
    what: 'LAK lookup',
    holds: laoLimits.withdrawMin === lak.withdrawMin && laoLimits.withdrawMax === lak.withdrawMax,
    detail: `${laoLimits.withdrawMin}–${laoLimits.withdrawMax} kip`,
  });
  // Whole kip: one below the minimum is refused by it, the minimum and the maximum are not (the
  // member holds nothing, so they end at MONEY_NOT_ENOUGH), one above the maximum is refused by it.
  const below = await withdraw(ctx, lao, (lak.withdrawMin ?? 0) - 1);
  const atMin = await withdraw(ctx, lao, lak.withdrawMin ?? 0);
  const atMax = await withdraw(ctx, lao, lak.withdrawMax ?? 0);
  const above = await withdraw(ctx, lao, (lak.withdrawMax ?? 0) + 1);
  checks.push({
    what: 'LAK limits in kip',
    holds: refusedByLimit(below) && !refusedByLimit(atMin) && !refusedByLimit(atMax) && refusedByLimit(above),
    detail: `min−1 ${said(below)}, min ${said(atMin)}, max ${said(atMax)}, max+1 ${said(above)}`,
  });
  emitChecks(ctx, '11.7', 'Laos limits per currency', checks);
}

type Started = {
  code: number | null;
  listened: boolean;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** A second server on the test's database, started with `env` and without SEED_DEMO unless given. */
async function startServer(ctx: TestContext, env: Record<string, string>): Promise<Started> {
  const port = ctx.s.port + 1;
  const base: Record<string, string | undefined> = { ...process.env, ...ctx.product.env };
  delete base.SEED_DEMO;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...base, PORT: String(port), INIT_CWD: REPO_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-50_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  let listened = false;
  await eventually(
    async () => {
      if (gone()) return true;
      listened = await fetch(`http://127.0.0.1:${port}/api/lookup/active`)
        .then((r) => r.ok)
        .catch(() => false);
      return listened;
    },
    90_000,
    200,
  );
  return {
    code: child.exitCode,
    listened,
    output: () => output,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
  TRUST_PROXY: 'none',
  ALLOW_DEFAULT_SECRET_IN_PRODUCTION: 'true',
};
const DEMO = { username: '0800000001', password: 'krapao123' };

/** 11.8: production refuses the demo member; no boot log prints its password. */
async function productionSeed(ctx: TestContext) {
  const checks: Check[] = [];
  const refused = await startServer(ctx, { ...PRODUCTION, SEED_DEMO: 'true' });
  await refused.stop();
  checks.push({
    what: 'production with SEED_DEMO=true',
    holds: !refused.listened && refused.code !== null && refused.code !== 0,
    detail: refused.listened ? 'started and listened' : `exited ${refused.code}`,
  });

  const production = await startServer(ctx, PRODUCTION);
  const res = production.listened
    ? await fetch(`${production.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      })
    : null;
  await production.stop();
  checks.push({
    what: 'production demo login',
    holds: production.listened && res !== null && res.status !== 200,
    detail: res ? `HTTP ${res.status}` : 'the server did not start',
  });

  const dev = await startServer(ctx, { SEED_DEMO: 'true' });
  await dev.stop();
  checks.push({
    what: 'boot log with the demo member',
    holds: dev.listened && !dev.output().includes(DEMO.password),
    detail: dev.output().includes(DEMO.password) ? 'prints the password' : 'no password',
  });
  emitChecks(ctx, '11.8', 'production refuses the demo seed', checks);
}

export const laosLimitsTest: BatteryTest = {
  no: 11,
  title: 'abuse (Laos build)',
  env: () => ({ LAOS: 'true', PAYOUT_INTERVAL_MS: '500' }),
  run: laosLimits,
};

export const productionSeedTest: BatteryTest = {
  no: 11,
  title: 'abuse (production start)',
  run: productionSeed,
};
