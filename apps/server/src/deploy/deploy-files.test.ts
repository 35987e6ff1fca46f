// Containers cannot run here, so the deploy files are held to what can be checked without them:
// the compose file parses and sets only variables config.ts reads, into a configuration production
// accepts; nginx forwards WebSockets to exactly the app services; the image starts the server with
// the start command of apps/server/package.json, the entry CI starts too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_KEYS, loadConfig, REPO_ROOT } from '../config.ts';
import { trustsPeer } from '../lib/trust-proxy.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { dockerfileOf, envFileOf, interpolate, nginxUpstreams, startScriptOf } from './deploy-files.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

type Service = {
  build?: { dockerfile?: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
};
const composeText = read('deploy/compose.yaml');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config: { subnet: string }[] } }>;
};
const apps = Object.entries(compose.services).filter(([, s]) => s.build?.dockerfile === 'Dockerfile');
const example = envFileOf(read('deploy/.env.example'));
const dockerfile = dockerfileOf(read('Dockerfile'));

describe('deploy/compose.yaml', () => {
  it('runs two instances of the image', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
  });

  it('sets only variables config.ts reads, never SEED_DEMO', () => {
    for (const [, s] of apps) {
      const unknown = Object.keys(s.environment ?? {}).filter((k) => !CONFIG_KEYS.includes(k));
      expect(unknown).toEqual([]);
      expect(s.environment).not.toHaveProperty('SEED_DEMO');
    }
  });

  it('names in .env.example every variable it takes from the host', () => {
    const used = new Set([...composeText.matchAll(/(?<!\$)\$\{(\w+)/g)].map((m) => m[1] ?? ''));
    expect([...used].filter((name) => !(name in example))).toEqual([]);
  });

  it('gives each instance a configuration production accepts, with the shared stores', () => {
    for (const [, s] of apps) {
      const env = interpolate(s.environment ?? {}, example);
      // The built-in game, payment and payout adapters are sandboxes; .env.example says so.
      const config = loadConfig({ ...dockerfile.env, ...env, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
      expect(config.isProduction).toBe(true);
      expect(config.SEED_DEMO).toBe(false);
      expect(config.HOST).toBe('0.0.0.0');
      expect(new URL(config.DATABASE_URL ?? '').hostname).toBe('postgres');
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(env.STORAGE_ADAPTER).toBe('s3');
      expect(env.S3_ENDPOINT).toBe('http://storage:9000');
      expect(env.METRICS_TOKEN).toBe(example.METRICS_TOKEN);
    }
  });

  it('trusts forwarded addresses from the proxy network only', () => {
    const subnet = compose.networks.edge?.ipam?.config[0]?.subnet;
    const proxy = (compose.services.proxy?.networks as Record<string, { ipv4_address?: string }> | undefined)?.edge;
    for (const [, s] of apps) {
      expect(s.environment?.TRUST_PROXY).toBe(subnet);
      const isTrusted = trustsPeer(loadConfig({ TRUST_PROXY: s.environment?.TRUST_PROXY }).TRUST_PROXY);
      expect(isTrusted(proxy?.ipv4_address)).toBe(true);
      expect(isTrusted('203.0.113.7')).toBe(false);
    }
  });

  it('mounts deploy/nginx.conf into the proxy', () => {
    expect(compose.services.proxy?.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');

  it('balances over exactly the app services on their port', () => {
    const ports = apps.map(([name, s]) => `${name}:${s.environment?.PORT}`);
    expect(nginxUpstreams(conf)).toEqual(ports);
  });

  it('passes the WebSocket upgrade and sets the client address itself', () => {
    expect(conf).toMatch(/proxy_http_version 1\.1;/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });
});

describe('Dockerfile', () => {
  const start = startScriptOf(JSON.parse(read('apps/server/package.json')));

  it('starts the server with the production start command of apps/server/package.json', () => {
    expect(dockerfile.workdir).toBe('/app/apps/server');
    expect(dockerfile.cmd.join(' ')).toBe(start.command);
  });

  it('builds what that command runs', () => {
    if (start.entry.startsWith('dist/')) expect(dockerfile.runs).toMatch(/npm run build\b.*-w apps\/server/);
    expect(dockerfile.runs).toMatch(/npm run build -w apps\/web/);
    // The operator console is served from the same image under /ops.
    expect(dockerfile.runs).toMatch(/npm run build -w apps\/ops/);
    expect(read('Dockerfile')).toMatch(/^COPY --from=build \/app\/apps\/ops\/dist apps\/ops\/dist$/m);
  });

  it('starts the same entry CI starts (browser suite and battery)', () => {
    const runsStartScript = /npm (run )?start(:prod)? (-w|--workspace[= ])(apps\/server|@krapao\/server)\b/;
    for (const file of ['e2e/start-server.sh', 'battery/src/product.ts']) {
      const text = read(file);
      expect(text.includes(`apps/server/${start.entry}`) || runsStartScript.test(text), file).toBe(true);
    }
  });

  it('sets only variables config.ts reads', () => {
    const unknown = Object.keys(dockerfile.env).filter((k) => k !== 'PATH' && !CONFIG_KEYS.includes(k));
    expect(unknown).toEqual([]);
  });
});

describe('the compose healthchecks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('ask a path every instance answers 200', async () => {
    for (const [, s] of apps) {
      const url = s.healthcheck?.test.at(-1)?.match(/http:\/\/127\.0\.0\.1:(\d+)(\/[\w/]+)/);
      expect(url?.[1]).toBe(s.environment?.PORT);
      const res = await t.app.inject({ method: 'GET', url: url?.[2] ?? '/' });
      expect(res.statusCode, url?.[2]).toBe(200);
    }
  });
});
