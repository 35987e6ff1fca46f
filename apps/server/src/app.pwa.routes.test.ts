// The installable member app's files as the server sends them: the service worker must always be asked
// again and may control the whole site, the manifest has its own type, and the CSP lets both load.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

const spaDir = mkdtempSync(path.join(tmpdir(), 'krapao-pwa-'));
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Krapao</title><div id="root"></div>');
writeFileSync(path.join(spaDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(spaDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Krapao', lang: 'th' }));
mkdirSync(path.join(spaDir, 'assets'));
writeFileSync(path.join(spaDir, 'assets', 'home-route-1a2b.js'), 'export const home = 1;');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: spaDir });
});
afterAll(() => t.close());

describe('the member app as an installable app', () => {
  it('sends /sw.js as JavaScript, never cached without asking, allowed to control the whole site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain('addEventListener');
  });

  it('sends the manifest as application/manifest+json, revalidated like the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Krapao', lang: 'th' });
    // Only the worker file carries the scope header.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it("lets the page load this origin's worker and manifest, and no other", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    const directives = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(directives).toContain("worker-src 'self'");
    expect(directives).toContain("manifest-src 'self'");
  });

  it('answers a missing build file with 404, never the page (a chunk of an older build)', async () => {
    const gone = await t.app.inject({ method: 'GET', url: '/assets/home-route-0000.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/text\/html/);
    const there = await t.app.inject({ method: 'GET', url: '/assets/home-route-1a2b.js' });
    expect(there.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/user/home', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
