// The server shell against hostile HTTP: paths spelled with percent-escapes, malformed URLs,
// bearer headers with more in them, request ids, the CSP, the OpenAPI document, proxies.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from './modules/auth/testing.ts';
import { createTestApp, headers, type TestApp } from './test/test-app.ts';

const spaDir = mkdtempSync(path.join(tmpdir(), 'krapao-spa-'));
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Krapao</title><div id="root"></div>');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: spaDir, CHAT_BACKEND_ORIGIN: 'https://chat.example.com' });
  token = (await newMember(t)).token;
});
afterAll(() => t.close());

const setActive = (active: boolean) =>
  t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active }, headers: headers() });

describe('a path spelled with percent-escapes', () => {
  it('is closed with the site, as the call it routes to', async () => {
    await setActive(false);
    try {
      const calls = [
        { method: 'GET' as const, url: '/%61pi/wallet', payload: undefined },
        { method: 'GET' as const, url: '/api/w%61llet', payload: undefined },
        { method: 'POST' as const, url: '/%61pi/login', payload: { username: '0800000001', password: 'krapao123' } },
        { method: 'POST' as const, url: '/api/wallet/withdr%41w', payload: { amount: 100 } },
        { method: 'POST' as const, url: '/api/wallet/%77ithdraw', payload: { amount: 100 } },
        { method: 'GET' as const, url: '/api/%6Cookup/banks', payload: undefined },
      ];
      for (const c of calls) {
        const res = await t.app.inject({ ...c, headers: headers(token) });
        expect({ url: c.url, status: res.statusCode, body: res.json() }).toEqual({
          url: c.url,
          status: 410,
          body: { message: 'gone' },
        });
      }
      const active = await t.app.inject({ method: 'GET', url: '/api/lookup/%61ctive', headers: headers() });
      expect(active.statusCode).toBe(200);
      expect(active.json()).toEqual({ terminated: 'gone' });
    } finally {
      await setActive(true);
    }
  });

  it('is an API answer: never cached, and a 404 NO_DATA rather than the SPA page', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/%61pi/lookup/info', headers: headers() });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/%61pi/nothing', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'NO_DATA' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('malformed requests', () => {
  it('answer a malformed URL in the catalogue shape', async () => {
    for (const url of ['/api/qrcode/%ZZ', '/api/wallet/account/%E0%A4%A', '/api/statement/slip/reference/%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers(token) });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: { message: 'KEY_INVALID' },
      });
    }
  });

  it('refuse a bearer header with anything after the token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers(token) });
    expect(ok.statusCode).toBe(200);
    for (const authorization of [`Bearer ${token} junk`, `Bearer ${token},x`, `Bearer  ${token} ${token}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { ...headers(), authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
  });

  it("take no client's x-request-id without a trusted proxy", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/info',
      headers: { ...headers(), 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the content security policy', () => {
  it('lets the page open sockets to itself and to the configured chat backend only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe("connect-src 'self' wss://chat.example.com");
  });

  it('takes pictures and media from https hosts an operator names, but scripts only from itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const directives = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(directives).toContain("img-src 'self' data: blob: https:");
    expect(directives).toContain("media-src 'self' blob: https:");
    expect(directives).toContain("script-src 'self'");
  });

  it('comes with the same security headers on the page, an API answer and an unknown path', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers(token) }),
      t.app.inject({ method: 'GET', url: '/api/nothing' }),
    ]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      // frame-ancestors decides who may frame the page, not X-Frame-Options; no COEP (pictures from https hosts).
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBe(answers[0]?.headers['content-security-policy']);
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
    }
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  ALLOW_EMBEDDED_DB_IN_PRODUCTION: 'true',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
  APP_SECRET: 'a-production-secret-for-tests',
  OPERATOR_TOKEN: 'an-operator-token-for-tests-0123456789',
  AUDIT_CHAIN_KEY: 'an-audit-chain-key-for-tests-0123456789',
};

describe('production with TRUST_PROXY=none', () => {
  let prod: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    prod = await createTestApp(
      { ...PRODUCTION, TRUST_PROXY: 'none', LOG_LEVEL: 'info' },
      { logStream: { write: (l) => logged.push(l) } },
    );
  });
  afterAll(() => prod.close());

  it('does not publish the OpenAPI document', async () => {
    for (const url of ['/api/docs/json', '/api/docs']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });

  it('ignores forwarded addresses and says so once in the log', async () => {
    for (let i = 0; i < 2; i++) {
      const proxied = await prod.app.inject({
        method: 'GET',
        url: '/api/lookup/info',
        remoteAddress: '198.51.100.4',
        headers: { ...headers(), 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(200);
    }
    const requests = logged.map((l) => JSON.parse(l)).filter((l) => l.req?.url === '/api/lookup/info');
    expect(requests.map((l) => l.req.remoteAddress)).toEqual(['198.51.100.4', '198.51.100.4']);
    expect(logged.filter((l) => l.includes('TRUST_PROXY=none'))).toHaveLength(1);
  });
});

describe('production behind named proxies', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 192.0.2.1', OPENAPI_PUBLIC: 'true' });
  });
  afterAll(() => prod.close());

  it('publishes the OpenAPI document when asked to', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('serves proxied requests, and takes a well-formed x-request-id from the proxies only', async () => {
    const via = (remoteAddress: string, id: string) =>
      prod.app.inject({
        method: 'GET',
        url: '/api/lookup/info',
        remoteAddress,
        headers: { ...headers(), 'x-forwarded-for': '203.0.113.7', 'x-request-id': id },
      });
    const proxied = await via('10.1.2.3', 'lb-trace-0001');
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['x-request-id']).toBe('lb-trace-0001');
    expect((await via('192.0.2.1', 'lb-trace-0002')).headers['x-request-id']).toBe('lb-trace-0002');
    expect((await via('198.51.100.9', 'lb-trace-0003')).headers['x-request-id']).not.toBe('lb-trace-0003');
    expect((await via('10.1.2.3', 'bad id with spaces')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await via('10.1.2.3', 'x'.repeat(65))).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
