// GET /api/metrics: off without METRICS_TOKEN, refused without it, and each family of series showing
// what the app just did (HTTP, transfers, deposits, outside calls, queues, jobs, the pool).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDepositCredit } from '../modules/deposit/credit.ts';
import { createQr, payQr } from '../modules/deposit/qr/testing.ts';
import { activate } from '../modules/games/testing.ts';
import { call, type Member, signedInMember } from '../modules/wallet/testing.ts';
import { createTestApp, headers, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-test-token-0123456789';

async function scrape(t: TestApp, token = TOKEN) {
  return t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
}

/** The value of the first series of `name` whose labels include `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? '').includes(`${k}="${v}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

const toGame = (t: TestApp, m: Member, amount: number) =>
  call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount }, randomUUID());

async function metricsText(t: TestApp) {
  const res = await scrape(t);
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('without METRICS_TOKEN', () => {
  it('is off: 404 NO_DATA, with or without a bearer', async () => {
    const t = await createTestApp();
    try {
      for (const auth of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth });
        expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, GATEWAY_WEBHOOK_RETRY_MS: '5' });
  });
  afterAll(() => t.close());

  it('counts a transfer the provider never answered, its outside calls, and it in the UNKNOWN queue', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    t.ctx.gameProviders.sandbox!.faults.set({
      next: ['lostResponse', 'error5xx'],
      methods: ['deposit', 'transferStatus'],
    });
    const res = await toGame(t, m, 60);
    t.ctx.gameProviders.sandbox!.faults.reset();
    expect(res.json().status).toBe('PENDING');

    const text = await metricsText(t);
    expect(sample(text, 'krapao_transfers_total', { direction: 'TO_GAME', outcome: 'UNKNOWN' })).toBe(1);
    expect(sample(text, 'krapao_queue_size', { queue: 'transfers_unknown' })).toBe(1);
    expect(sample(text, 'krapao_queue_size', { queue: 'withdrawals_waiting_approval' })).toBe(0);
    const deposit = { adapter: 'game_provider', method: 'deposit', outcome: 'unavailable' };
    expect(sample(text, 'krapao_adapter_call_duration_seconds_count', deposit)).toBe(1);
    const status = { adapter: 'game_provider', method: 'transferStatus', outcome: 'unavailable' };
    expect(sample(text, 'krapao_adapter_call_duration_seconds_count', status)).toBe(1);
  });

  it('counts the wallet views answered from the cache and read from the database', async () => {
    const before = await metricsText(t);
    const count = (text: string, result: string) => sample(text, 'krapao_wallet_view_cache_total', { result }) ?? 0;
    const m = await signedInMember(t, 10);
    for (let i = 0; i < 3; i += 1) expect((await call(t, m, 'GET', '/api/wallet')).statusCode).toBe(200);
    await activate(t, m.token, 'PG');
    expect((await call(t, m, 'GET', '/api/wallet')).statusCode).toBe(200);
    const after = await metricsText(t);
    // The login verified the session: the first call reads, the next two are answered from memory,
    // and a game account opened makes the last one read again.
    expect(count(after, 'miss') - count(before, 'miss')).toBe(2);
    expect(count(after, 'hit') - count(before, 'hit')).toBe(2);
  });

  it('refuses a scrape without the token, or with another, as an invalid session', async () => {
    for (const auth of [{}, { authorization: 'Bearer wrong-token-0123456789abc' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'invalid-token' }]);
    }
  });

  it('times requests by route pattern and status, never by the URL asked for', async () => {
    await t.app.inject({ method: 'GET', url: '/api/qrcode/ZZ-not-a-qr-42', headers: headers() });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123456', headers: headers() });
    const text = await metricsText(t);
    const count = (labels: Record<string, string>) =>
      sample(text, 'krapao_http_request_duration_seconds_count', labels);
    expect(count({ route: '/api/qrcode/:bankCode', status: '401' })).toBe(1);
    expect(count({ route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('ZZ-not-a-qr-42');
    expect(text).not.toContain('no-such-thing');
  });

  it('counts transfers and deposits by outcome, and times the gateway', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    await toGame(t, m, 10);
    const qr = (await createQr(t, m, 'KBANK', 150)).json();
    expect((await payQr(t, qr.qrcodeId)).statusCode).toBe(200);
    await t.ctx.payments.gateway.sandbox?.drain();
    const credit = createDepositCredit(t.ctx);
    const again = { memberId: m.memberId, amount: 100n, currency: 'BAHT' as const, source: 'BANK' as const };
    await credit.credit({ ...again, reference: 'metrics-ref-1', fromCode: 'KBANK' });
    await credit.credit({ ...again, reference: 'metrics-ref-1', fromCode: 'KBANK' });

    const text = await metricsText(t);
    expect(sample(text, 'krapao_transfers_total', { direction: 'TO_GAME', outcome: 'SUCCESS' })).toBe(1);
    await vi.waitFor(async () => {
      expect(sample(await metricsText(t), 'krapao_deposits_total', { source: 'QR', outcome: 'credited' })).toBe(1);
    });
    expect(sample(text, 'krapao_deposits_total', { source: 'BANK', outcome: 'credited' })).toBe(1);
    expect(sample(text, 'krapao_deposits_total', { source: 'BANK', outcome: 'duplicate' })).toBe(1);
    const order = { adapter: 'gateway', method: 'createOrder', outcome: 'ok' };
    expect(sample(text, 'krapao_adapter_call_duration_seconds_count', order)).toBe(1);
    expect(sample(text, 'krapao_adapter_call_duration_seconds_bucket', { ...order, le: '+Inf' })).toBe(1);
  });

  it('shows the PostgreSQL pool on PostgreSQL only', async () => {
    const text = await metricsText(t);
    const total = sample(text, 'krapao_db_pool_connections', { state: 'total' });
    if (t.kind === 'pg') {
      expect(total).toBeGreaterThan(0);
      expect(sample(text, 'krapao_db_pool_waiting')).toBe(0);
    } else {
      expect(total).toBeUndefined();
    }
  });

  it('still answers while the site is closed', async () => {
    await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: false }, headers: headers() });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers() })).statusCode).toBe(410);
      expect((await scrape(t)).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: true }, headers: headers() });
    }
  });
});

describe('background jobs', () => {
  it('shows each job’s last pass, lag and failures, and the bank feed’s 5xx as an outside call', async () => {
    const t = await createTestApp({ METRICS_TOKEN: TOKEN, RECONCILE_INTERVAL_MS: '20', BANK_FEED_INTERVAL_MS: '20' });
    try {
      t.ctx.payments.bankFeed.faults.set({ listError5xx: true });
      await vi.waitFor(
        async () => {
          const text = await metricsText(t);
          expect(sample(text, 'krapao_job_failures_total', { job: 'bank feed sweep' })).toBeGreaterThan(0);
          expect(sample(text, 'krapao_job_last_run_timestamp_seconds', { job: 'reconciliation' })).toBeGreaterThan(0);
          const down = { adapter: 'bank_feed', method: 'listUnprocessed', outcome: 'unavailable' };
          expect(sample(text, 'krapao_adapter_call_duration_seconds_count', down)).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      const text = await metricsText(t);
      expect(sample(text, 'krapao_job_duration_seconds_count', { job: 'reconciliation' })).toBeGreaterThan(0);
      expect(sample(text, 'krapao_job_lag_seconds', { job: 'reconciliation' })).toBeLessThan(10);
      expect(sample(text, 'krapao_job_interval_seconds', { job: 'bank feed sweep' })).toBe(0.02);
      expect(sample(text, 'krapao_job_failures_total', { job: 'reconciliation' })).toBeUndefined();
      // Jobs that are off are not shown as late.
      expect(sample(text, 'krapao_job_lag_seconds', { job: 'payout worker' })).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
