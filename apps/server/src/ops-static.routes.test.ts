// The operator console's build under /ops: its own history fallback, its own strict CSP, and never
// the member SPA's page; without a build, /ops is a 404 and the server still starts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_CSP } from './plugins/ops-console.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const MEMBER_PAGE = '<!doctype html><title>Krapao</title><div id="member-root"></div>';
const CONSOLE_PAGE = '<!doctype html><title>Krapao Ops</title><div id="ops-root"></div>';

const spaDir = mkdtempSync(path.join(tmpdir(), 'krapao-spa-'));
writeFileSync(path.join(spaDir, 'index.html'), MEMBER_PAGE);
const opsDir = mkdtempSync(path.join(tmpdir(), 'krapao-ops-'));
writeFileSync(path.join(opsDir, 'index.html'), CONSOLE_PAGE);
mkdirSync(path.join(opsDir, 'assets'));
writeFileSync(path.join(opsDir, 'assets', 'index-abcd1234.js'), 'export const ops = 1;');

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('the operator console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: spaDir, OPS_DIST: opsDir });
  });
  afterAll(() => t.close());

  it('answers its own page for every path under /ops, never the member page', async () => {
    for (const url of ['/ops', '/ops/', '/ops/login', '/ops/enrol/tok_1', '/ops/staff?x=1', '/%6Fps/audit']) {
      const res = await get(t, url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toBe(CONSOLE_PAGE);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the strict console CSP instead of the member one', async () => {
    for (const url of ['/ops/login', '/ops/', '/ops/assets/index-abcd1234.js']) {
      const csp = String((await get(t, url)).headers['content-security-policy']);
      expect(csp).toBe(OPS_CSP);
      expect(csp).toContain("style-src 'self';");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
    }
    expect(String((await get(t, '/login')).headers['content-security-policy'])).toContain("'unsafe-inline'");
  });

  it('caches its hashed assets for good, and answers 404 for a missing one', async () => {
    const js = await get(t, '/ops/assets/index-abcd1234.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('export const ops = 1;');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({ method: 'POST', url: '/ops/login' });
    expect(other.statusCode).toBe(404);
  });

  it('leaves the member SPA and the API as they were', async () => {
    const member = await get(t, '/user/home');
    expect(member.body).toBe(MEMBER_PAGE);
    expect(String(member.headers['content-security-policy'])).not.toBe(OPS_CSP);
    const opsLike = await get(t, '/opsx');
    expect(opsLike.body).toBe(MEMBER_PAGE);
    const api = await get(t, '/api/ops/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('<title>');
  });
});

describe('a server without a console build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: spaDir, OPS_DIST: path.join(opsDir, 'missing') });
  });
  afterAll(() => t.close());

  it('starts, serves the member SPA, and answers 404 under /ops', async () => {
    expect((await get(t, '/user/home')).body).toBe(MEMBER_PAGE);
    for (const url of ['/ops', '/ops/', '/ops/login']) {
      const res = await get(t, url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.json()).toEqual({ message: 'NO_DATA' });
    }
  });
});
