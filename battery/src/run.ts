// `npm run test:battery` (decision 060): each test is a real attack or fault against the real server on
// its own fresh PostgreSQL database; one line per figure, `N passed, N failed`, the ledger
// invariants after every test, and the figures written into README.md's reliability block.
import type { BatteryTest, Line, TestContext } from './harness.ts';
import { createClient, dropConnections } from './http.ts';
import { openProduct, setSlipWindow } from './product.ts';
import { formatLine, readmeBlock, summary, writeReadme } from './report.ts';
import { batterySettings } from './settings.ts';
import { abuseTest } from './tests/abuse.ts';
import { laosLimitsTest, productionSeedTest } from './tests/abuse-build.ts';
import { accessControlTest } from './tests/access.ts';
import { bruteForceTest } from './tests/brute-force.ts';
import { crashTest } from './tests/crash.ts';
import { doubleSpendTest } from './tests/double-spend.ts';
import { fuzzTest } from './tests/fuzz.ts';
import { idempotencyTest } from './tests/idempotency.ts';
import { protectionTest } from './tests/protection.ts';
import { providerFaultsTest } from './tests/provider-faults.ts';
import { scaleFilesTest } from './tests/scale-files.ts';
import { scaleLifecycleTest } from './tests/scale-lifecycle.ts';
import { scalePayoutsTest } from './tests/scale-payouts.ts';
import { chatGuestsTest } from './tests/security-chat.ts';
import { securityHttpTest } from './tests/security-http.ts';
import { securityLoginsTest } from './tests/security-logins.ts';
import { securityOpsTest } from './tests/security-ops.ts';
import { securityOpsSlipsTest } from './tests/security-ops-slips.ts';
import { securitySocketsTest } from './tests/security-sockets.ts';
import { sessionsTest } from './tests/sessions.ts';
import { uploadsTest } from './tests/uploads.ts';

const TESTS: BatteryTest[] = [
  doubleSpendTest,
  idempotencyTest,
  crashTest,
  providerFaultsTest,
  fuzzTest,
  accessControlTest,
  bruteForceTest,
  uploadsTest,
  sessionsTest,
  abuseTest,
  laosLimitsTest,
  productionSeedTest,
  securityLoginsTest,
  chatGuestsTest,
  securitySocketsTest,
  securityHttpTest,
  scalePayoutsTest,
  scaleLifecycleTest,
  scaleFilesTest,
  securityOpsTest,
  securityOpsSlipsTest,
  protectionTest,
];

const s = batterySettings();
const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(0).padStart(4);
const lines: Line[] = [];
const ledgerClean: { test: string; clean: boolean; detail: string }[] = [];

function emit(l: Line) {
  lines.push(l);
  console.log(formatLine(l));
}

/** Logged errors grouped by message and the first frame of the product's own code. */
function distinctErrors(logLines: string[]): string[] {
  const seen = new Map<string, number>();
  for (const l of logLines) {
    let key = l.slice(0, 300);
    try {
      const e = JSON.parse(l);
      const frame = String(e.err?.stack ?? '').match(/\((\/[^)]*apps\/server[^)]*)\)/)?.[1] ?? '';
      key = `${e.msg}: ${e.err?.message ?? ''} ${frame}`;
    } catch {}
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen.entries()].slice(0, 12).map(([k, n]) => `  ${n}× ${k}`);
}

async function runOne(test: BatteryTest) {
  const t0 = Date.now();
  const log = (msg: string) => console.error(`[battery ${elapsed()} s] ${test.no}. ${msg}`);
  const product = await openProduct(s, test.no, test.env?.(s) ?? {});
  let mark = Date.now();
  const emitTimed = (l: Line) => {
    l.seconds ??= (Date.now() - mark) / 1000;
    mark = Date.now();
    emit(l);
  };
  try {
    await product.start();
    // The battery runs at any hour: slip uploads stay open unless a test closes them itself (8.4).
    await setSlipWindow(product, '00:00', '00:00');
    const ctx: TestContext = {
      s,
      product,
      api: createClient(product.url),
      log,
      emit: emitTimed,
      sql: async (text, params = []) => (await product.pool.query(text, params)).rows,
    };
    await test.run(ctx);
    if (!product.isRunning()) {
      emitTimed({
        id: `${test.no}.x`,
        name: `${test.title}: server alive`,
        figure: `the server process died: ${product.output().slice(-300)}`,
        goal: 'alive',
        pass: false,
      });
    }
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    log(`error: ${message}\n--- server output ---\n${product.output().slice(-3000)}`);
    emitTimed({
      id: `${test.no}.x`,
      name: test.title,
      figure: `error: ${message.split('\n')[0]}`,
      goal: 'runs to its end',
      pass: false,
    });
  } finally {
    await product.stop();
    dropConnections();
    const errors = product
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    if (errors.length > 0) log(`server logged ${errors.length} errors:\n${distinctErrors(errors).join('\n')}`);
    const problems = await product.ledgerProblems().catch((err) => [{ check: String(err), rows: [] }]);
    ledgerClean.push({
      test: `${test.no}`,
      clean: problems.length === 0,
      detail: problems.map((p) => `${p.check}: ${JSON.stringify(p.rows).slice(0, 300)}`).join('; '),
    });
    if (problems.length > 0) log(`ledger:check failed: ${JSON.stringify(problems).slice(0, 2000)}`);
    await product.close();
    log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

async function main() {
  const selected = TESTS.filter((t) => s.only.size === 0 || s.only.has(String(t.no)));
  console.error(
    `[battery] ${s.full ? 'full counts (BATTERY_FULL=1)' : 'CI counts'}; PostgreSQL ${s.adminUrl.replace(/\/\/[^@]*@/, '//')}` +
      `${s.redisUrl ? '; Redis' : '; no Redis (REDIS_URL unset)'}; tests ${selected.map((t) => t.no).join(', ')}`,
  );
  for (const test of selected) await runOne(test);

  const dirty = ledgerClean.filter((c) => !c.clean);
  emit({
    id: '10',
    name: 'invariants: ledger:check after every test',
    figure: `${ledgerClean.length - dirty.length}/${ledgerClean.length} clean${dirty.length ? ` — ${dirty.map((d) => `after ${d.test}: ${d.detail}`).join('; ')}` : ''}`,
    goal: 'clean after every test',
    pass: dirty.length === 0,
  });

  const minutes = (Date.now() - started) / 60_000;
  const sum = summary(lines);
  console.log(`battery took ${minutes.toFixed(1)} min${sum.skipped ? `; ${sum.skipped} skipped` : ''}`);
  console.log(sum.text);
  if (s.writeReadme && s.only.size === 0) {
    const written = writeReadme(readmeBlock(lines, { full: s.full, minutes, redis: Boolean(s.redisUrl) }));
    if (!written) console.error('[battery] README.md has no battery block: figures not written');
  }
  process.exitCode = sum.failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
