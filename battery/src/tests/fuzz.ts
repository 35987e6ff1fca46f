// 5. Fuzz: for every endpoint of the server's OpenAPI document (made from the contracts' schemas),
// generated requests with the schema's edges — wrong types, huge, negative and fractional amounts,
// number-like strings, deep JSON, bodies over the limit, bad multipart — by a signed-in member who
// holds 50 baht. Goal: no 5xx, no unhandled rejection (the server stays up), no ledger change.
import { DEV_OPERATOR_TOKEN } from '../../../apps/server/src/config.ts';
import { type BatteryTest, line, pool, type TestContext } from '../harness.ts';
import { fund, login, type Member, register } from '../members.ts';
import { seeded } from './fuzz-gen.ts';
import { fuzzFiles } from './fuzz-multipart.ts';
import { buildRequest, type Endpoint, endpointsOf, type Tokens } from './fuzz-requests.ts';

const CONNECTIONS = 16;

/** Everything money: rows of the ledger and every non-zero balance. */
async function ledgerFingerprint(ctx: TestContext): Promise<string> {
  const [row] = await ctx.sql<{ f: string }>(
    `select (select count(*) from ledger_transactions)::text || '/' || (select count(*) from ledger_entries)::text
       || '/' || coalesce((select md5(string_agg(id::text || ':' || balance::text, ',' order by id))
                           from ledger_accounts where balance <> 0), '') as f`,
  );
  return row!.f;
}

type Finding = { endpoint: string; status: number; label: string; answer: string };

async function fuzzEndpoint(
  ctx: TestContext,
  e: Endpoint,
  n: number,
  tokens: Tokens,
  member: Member,
  files: Awaited<ReturnType<typeof fuzzFiles>>,
  findings: Finding[],
  statuses: Map<number, number>,
  cutOffs: { count: number },
) {
  const rng = seeded(hash(`${e.method} ${e.path}`));
  const requests = Array.from({ length: n }, () => buildRequest(rng, e, tokens, files));
  await pool(requests, CONNECTIONS, async (r) => {
    const res = await ctx.api.call(r.method, r.url, r.opts);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    // A body the server refused while it was still being sent is drained (body-deadline.ts), and the
    // client reads the answer even if its write fails: no answer at all is a finding like a 5xx.
    if (res.cutOff) cutOffs.count++;
    if (res.status >= 500 || res.status === 0) {
      findings.push({
        endpoint: `${e.method} ${e.path}`,
        status: res.status,
        label: `${r.url.slice(0, 100)} ${r.label.slice(0, 100)}`,
        answer: res.error ?? res.text.slice(0, 120),
      });
    }
    // A logout that went through ends the fuzzing member's session: sign in again.
    if (e.path === '/api/logout' && res.status === 200 && r.opts.headers?.authorization === `Bearer ${tokens.member}`) {
      tokens.member = await login(ctx.api, member.username, member.password);
    }
  });
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const fuzzTest: BatteryTest = {
  no: 5,
  title: 'fuzz',
  env: () => ({
    // The fuzz must reach the handlers, not the limits in front of them.
    LOGIN_MAX_ATTEMPTS: '100000000',
    LOGIN_IP_MAX_ATTEMPTS: '100000000',
    OTP_IP_MAX_PER_HOUR: '100000000',
    OTP_VERIFY_IP_MAX_PER_HOUR: '100000000',
    OTP_MAX_PER_HOUR: '100000000',
    OTP_RESEND_SECONDS: '0',
    CHAT_SEND_MAX_PER_MINUTE: '100000000',
    CHAT_UPLOAD_MAX_PER_HOUR: '100000000',
    CHAT_SEND_IP_MAX_PER_MINUTE: '100000000',
    CHAT_UPLOAD_IP_MAX_PER_HOUR: '100000000',
    CHAT_UPLOAD_IP_MAX_MB_PER_DAY: '100000000',
    LOGIN_ACCOUNT_MAX_ATTEMPTS: '100000000',
    SLIP_MAX_PER_MINUTE: '100000000',
    SLIP_IP_MAX_PER_MINUTE: '100000000',
  }),
  async run(ctx) {
    const doc = (await ctx.api.get('/api/docs/json')).body;
    const endpoints = endpointsOf(doc);
    const member = await register(ctx.api);
    await fund(ctx.api, member, 50);
    const tokens: Tokens = { member: member.token, operator: DEV_OPERATOR_TOKEN };
    const files = await fuzzFiles();
    const before = await ledgerFingerprint(ctx);
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    const cutOffs = { count: 0 };
    const n = ctx.s.fuzzPerEndpoint;
    const t0 = Date.now();
    for (const [i, e] of endpoints.entries()) {
      await fuzzEndpoint(ctx, e, n, tokens, member, files, findings, statuses, cutOffs);
      if (i % 10 === 9) ctx.log(`${i + 1}/${endpoints.length} endpoints, ${findings.length} findings`);
    }
    const seconds = (Date.now() - t0) / 1000;
    ctx.log(
      `answers by status: ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}; ${cutOffs.count} answers read after the connection was cut while sending`,
    );
    const after = await ledgerFingerprint(ctx);
    const output = ctx.product.output();
    const unhandled = (output.match(/unhandledRejection|uncaughtException|Unhandled promise rejection/gi) ?? []).length;
    const alive = ctx.product.isRunning();
    const byEndpoint = new Map<string, number>();
    for (const f of findings) byEndpoint.set(f.endpoint, (byEndpoint.get(f.endpoint) ?? 0) + 1);
    for (const f of findings.slice(0, 10)) ctx.log(`5xx: ${f.endpoint} → ${f.status} ${f.answer} — ${f.label}`);
    const where = [...byEndpoint.entries()].map(([k, v]) => `${k} ×${v}`).join(', ');
    const total = n * endpoints.length;
    ctx.emit(
      line(
        '5',
        `fuzz: ${n} per endpoint × ${endpoints.length}`,
        findings.length === 0 && unhandled === 0 && alive && after === before,
        `${total} requests in ${seconds.toFixed(0)} s: ${findings.length} answered 5xx or no answer${where ? ` (${where.slice(0, 300)})` : ''}; ` +
          `${unhandled} unhandled rejections${alive ? '' : ', server died'}; ledger ${after === before ? 'unchanged' : 'CHANGED'}`,
        '0 5xx; 0 unhandled; ledger unchanged',
      ),
    );
  },
};
