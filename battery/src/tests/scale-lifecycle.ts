// 17. Start, stop and health of instances sharing one database. 17.1 five instances started at once
// on a fresh database (migrations and the demo seed) all answer ready. 17.2 SIGTERM to an instance
// under a load of requests: no request is cut — each gets an HTTP answer, or its connection is
// refused (ECONNREFUSED: no TCP connection was made, so not a byte of the request left the client);
// any other failure (reset, closed without an answer) is a cut. 17.3 the instance's path to
// PostgreSQL cut at a TCP proxy: ready turns 503 naming the database while live stays 200, and
// ready again once the path is back.
import http from 'node:http';
import net from 'node:net';
import { healthPaths } from '@krapao/contracts/health';
import { recreateDatabase } from '../../../bench/src/seed.ts';
import type { BenchSettings } from '../../../bench/src/settings.ts';
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { register } from '../members.ts';
import { type Product, startInstance } from '../product.ts';

const INSTANCES = 5;
const LOAD_CONNECTIONS = 16;
/** The instance's own stop deadline here; the battery SIGKILLs at 15 s. */
const SHUTDOWN_MS = 8_000;

type Outcome = { status: number; error?: string; sentAt: number; doneAt: number };

/** One request on `agent`; the outcome keeps the error code (ECONNREFUSED vs a cut). */
function request(agent: http.Agent, url: string, method: string, path: string, token?: string, body?: unknown) {
  const sentAt = Date.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise<Outcome>((resolve) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent,
        timeout: 30_000,
        headers: {
          'x-wallet-user': 'true',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sentAt, doneAt: Date.now() }));
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ status: 0, error: err.code ?? err.message, sentAt, doneAt: Date.now() }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: err.code ?? err.message, sentAt, doneAt: Date.now() }),
    );
    req.end(payload);
  });
}

async function readyStatus(url: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    const res = await fetch(`${url}${healthPaths.ready}`);
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  } catch {
    return { status: 0, body: null };
  }
}

const withEnv = (product: Product, env: Record<string, string>): Product => ({
  ...product,
  env: { ...product.env, ...env },
});

async function concurrentStarts(ctx: TestContext) {
  const { s, product } = ctx;
  const dbName = 'krapao_battery_17_fresh';
  const target = { adminUrl: s.adminUrl, dbName, databaseUrl: `${s.adminUrl}/${dbName}` } as BenchSettings;
  let ready = 0;
  let slowest = 0;
  const problems: string[] = [];
  for (let rep = 1; rep <= s.startRepetitions; rep += 1) {
    await recreateDatabase(target);
    const fresh = withEnv(product, { DATABASE_URL: target.databaseUrl, SEED_DEMO: 'true' });
    const t0 = Date.now();
    const started = await Promise.allSettled(
      Array.from({ length: INSTANCES }, (_, i) => startInstance(fresh, s.port + 1 + i)),
    );
    for (const [i, r] of started.entries()) {
      if (r.status === 'rejected') {
        problems.push(`run ${rep}, instance ${i + 1}: ${String(r.reason).split('\n').slice(0, 3).join(' ')}`);
        continue;
      }
      const isReady = await eventually(async () => (await readyStatus(r.value.url)).status === 200, 30_000, 100);
      if (isReady) {
        ready += 1;
        slowest = Math.max(slowest, Date.now() - t0);
      } else problems.push(`run ${rep}, instance ${i + 1}: never ready`);
    }
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    ctx.log(`start run ${rep}: ${started.filter((r) => r.status === 'fulfilled').length}/${INSTANCES} up`);
  }
  const total = s.startRepetitions * INSTANCES;
  ctx.emit(
    line(
      '17.1',
      `${INSTANCES} instances started at once on a fresh database, ${s.startRepetitions}×`,
      ready === total,
      `${ready}/${total} ready; slowest ${(slowest / 1000).toFixed(1)} s${problems.length ? ` — ${problems.slice(0, 3).join('; ')}` : ''}`,
      'all ready, every time',
    ),
  );
}

async function sigtermUnderLoad(ctx: TestContext) {
  const { s, product } = ctx;
  const member = await register(ctx.api);
  const instance = await startInstance(withEnv(product, { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS) }), s.port + 1);
  const outcomes: Outcome[] = [];
  const calls = [
    () => ['GET', '/api/lookup/banks'] as const,
    () => ['GET', '/api/wallet', member.token] as const,
    () => ['POST', '/api/login', undefined, { username: member.username, password: member.password }] as const,
  ];
  const deadline = Date.now() + 60_000;
  const load = Array.from({ length: LOAD_CONNECTIONS }, async (_, w) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = w; Date.now() < deadline; n += 1) {
        const [method, path, token, body] = calls[n % calls.length]!();
        const o = await request(agent, instance.url, method, path, token, body);
        outcomes.push(o);
        // Refused: this instance is gone for this client, as a load balancer would see it.
        if (o.error === 'ECONNREFUSED') return;
      }
    } finally {
      agent.destroy();
    }
  });
  await eventually(async () => outcomes.length >= 200, 30_000, 50);
  const termAt = Date.now();
  await instance.stop();
  const exitMs = Date.now() - termAt;
  await Promise.all(load);

  const answered = outcomes.filter((o) => o.status > 0);
  const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
  const cut = outcomes.filter((o) => o.status === 0 && o.error !== 'ECONNREFUSED');
  const failed5xx = answered.filter((o) => o.status >= 500);
  const inFlightAtTerm = answered.filter((o) => o.sentAt < termAt && o.doneAt >= termAt).length;
  const answeredAfter = answered.filter((o) => o.sentAt >= termAt).length;
  const overran = /stop overran|"inTime":false/.test(instance.output());
  const pass =
    cut.length === 0 && failed5xx.length === 0 && inFlightAtTerm > 0 && !overran && exitMs < SHUTDOWN_MS + 5_000;
  ctx.emit(
    line(
      '17.2',
      `SIGTERM under a load of ${LOAD_CONNECTIONS} kept-alive connections`,
      pass,
      `cut ${cut.length}${cut.length ? ` (${[...new Set(cut.map((o) => o.error))].join(', ')})` : ''}; ` +
        `${answered.length} answered (${inFlightAtTerm} in flight at SIGTERM, ${answeredAfter} sent after it), ` +
        `${failed5xx.length} 5xx, ${refused.length} refused before sending; exited ${(exitMs / 1000).toFixed(1)} s after SIGTERM${overran ? ', stop overran' : ''}`,
      `cut 0, 5xx 0, requests in flight at SIGTERM answered, exit within ${SHUTDOWN_MS / 1000} s`,
    ),
  );
}

/** A TCP relay to PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function pgRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    port: () => port,
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const sock of sockets) sock.destroy();
      });
      server = null;
    },
    restore: listen,
    async close() {
      if (server) await this.cut();
    },
  };
}

async function databaseCut(ctx: TestContext) {
  const { s, product } = ctx;
  const dbUrl = new URL(product.databaseUrl);
  const relay = await pgRelay(dbUrl);
  const viaRelay = new URL(product.databaseUrl);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port());
  const instance = await startInstance(withEnv(product, { DATABASE_URL: viaRelay.toString() }), s.port + 2);
  try {
    const readyBefore = await eventually(async () => (await readyStatus(instance.url)).status === 200, 30_000, 100);
    await relay.cut();
    const cutAt = Date.now();
    let seen: Awaited<ReturnType<typeof readyStatus>> = { status: 0, body: null };
    const turned = await eventually(
      async () => {
        seen = await readyStatus(instance.url);
        return seen.status === 503;
      },
      15_000,
      100,
    );
    const turnMs = Date.now() - cutAt;
    const checks = (seen.body?.checks ?? {}) as Record<string, { ok: boolean; detail?: string }>;
    const live = await fetch(`${instance.url}${healthPaths.live}`).then(
      (r) => r.status,
      () => 0,
    );
    await relay.restore();
    const back = await eventually(async () => (await readyStatus(instance.url)).status === 200, 30_000, 200);
    const pass =
      readyBefore &&
      turned &&
      seen.body?.message === 'INTERNAL_SERVER_ERROR' &&
      checks.database?.ok === false &&
      live === 200 &&
      back;
    ctx.emit(
      line(
        '17.3',
        'ready when the path to PostgreSQL is cut at a TCP relay',
        pass,
        `ready before ${readyBefore ? 200 : 'never'}; ${turned ? `503 ${(turnMs / 1000).toFixed(1)} s after the cut` : `still ${seen.status}`} ` +
          `(message ${String(seen.body?.message)}, database ${checks.database?.ok === false ? `failed: ${checks.database.detail}` : 'ok?'}); ` +
          `live ${live}; ready again after restore: ${back ? 'yes' : 'no'}`,
        '503 naming the database within 15 s, live 200, ready again once restored',
      ),
    );
  } finally {
    await instance.stop();
    await relay.close();
  }
}

export const scaleLifecycleTest: BatteryTest = {
  no: 17,
  title: 'Start, stop and health',
  run: async (ctx) => {
    await concurrentStarts(ctx);
    await sigtermUnderLoad(ctx);
    await databaseCut(ctx);
  },
};
