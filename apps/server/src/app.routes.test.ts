import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { protectionPaths } from '@krapao/contracts/protection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from './test/test-app.ts';

const spaDir = mkdtempSync(path.join(tmpdir(), 'krapao-spa-'));
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Krapao</title><div id="root"></div>');
mkdirSync(path.join(spaDir, 'assets'));
writeFileSync(
  path.join(spaDir, 'assets', 'app-1234abcd.js'),
  `export const app = ${JSON.stringify('x'.repeat(20_000))};`,
);
// What the SPA build writes (decision 033): each text file with .br and .gz copies beside it. The
// copies say which file was sent, so the test sees the server did not compress anything itself.
const preJs = path.join(spaDir, 'assets', 'pre-5678efgh.js');
writeFileSync(preJs, `export const plain = ${JSON.stringify('p'.repeat(5_000))};`);
writeFileSync(`${preJs}.br`, brotliCompressSync('export const from = ".br file";'));
writeFileSync(`${preJs}.gz`, gzipSync('export const from = ".gz file";'));
writeFileSync(
  path.join(spaDir, 'index.html.br'),
  brotliCompressSync('<!doctype html><title>Krapao</title><div id="root"></div><!-- .br file -->'),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: spaDir, CORS_ORIGINS: 'https://other-team.example' });
});
afterAll(() => t.close());

describe('the server shell', () => {
  it('serves the SPA with history fallback, and 404 NO_DATA for unknown API paths', async () => {
    for (const url of ['/', '/user/profile', '/login?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'NO_DATA' });
  });

  it('compresses the SPA files and API answers for a client that accepts it, and only then', async () => {
    const js = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.rawPayload).toString()).toContain('export const app');
    expect(js.rawPayload.length).toBeLessThan(2_000);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
  });

  it('sends the pre-compressed copies of the SPA files as they are, for the encoding the client accepts', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-5678efgh.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export const from = ".br file";');

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-5678efgh.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('export const from = ".gz file";');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/pre-5678efgh.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const plain');

    // A history-fallback route gets index.html's copy too, still revalidated on every visit.
    const page = await t.app.inject({ method: 'GET', url: '/user/home', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<!-- .br file -->');
  });

  it('publishes OpenAPI at /api/docs with every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/login', '/api/account', '/api/account/validate', '/api/otp/send', '/api/otp/verify']) {
      expect(paths).toContain(p);
    }
    expect(paths).toContain('/api/account/changepwd');
    expect(paths).toContain('/api/lookup/enableChatWidget');
    // Player protection: the member's limits and exclusions, and the console's view of them.
    for (const p of Object.values(protectionPaths)) expect(paths).toContain(p);
    expect(paths).toContain('/api/ops/protection/report');
    const limit = res.json().paths[protectionPaths.limit].put;
    expect(Object.keys(limit.requestBody.content['application/json'].schema.properties)).toEqual([
      'kind',
      'period',
      'amount',
    ]);
  });

  it('sends a request id, no-store on the API, and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/info', headers: headers() });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets a configured origin send the wallet-user and idempotency headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin: 'https://other-team.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-wallet-user,idempotency-key,authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('x-wallet-user');
    expect(res.headers['access-control-allow-origin']).toBe('https://other-team.example');
  });

  it('never answers a 5xx or a stack for malformed input', async () => {
    const bodies = ['{', '[]', 'null', '"x"', '{"username":{"$gt":""},"password":1}', '9'.repeat(5000)];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/at .*\.ts|stack|SELECT/i);
    }
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'KEY_INVALID' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DB_IN_PRODUCTION: 'true',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      APP_SECRET: 'a-production-secret-for-tests',
      OPERATOR_TOKEN: 'an-operator-token-for-tests-0123456789',
      AUDIT_CHAIN_KEY: 'an-audit-chain-key-for-tests-0123456789',
      TRUST_PROXY: 'none',
    });
  });
  afterAll(() => prod.close());

  it('has no dev endpoints', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/dev/sms?phone=0800000001' })).statusCode).toBe(404);
    const res = await prod.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: false } });
    expect(res.statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ terminated: null });
  });
});
