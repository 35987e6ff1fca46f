import { describe, expect, it } from 'vitest';
import { DEV_SECRET, loadConfig } from './config.ts';
import { DEV_AUDIT_CHAIN_KEY } from './config-fields.ts';

/** A production configuration that starts (sandbox adapters allowed: no real game provider exists yet). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/app',
  APP_SECRET: 'a-real-secret-of-enough-length',
  OPERATOR_TOKEN: 'a-real-operator-token-of-length',
  AUDIT_CHAIN_KEY: 'a-real-audit-chain-key-of-32-bytes',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
  TRUST_PROXY: 'none',
};

describe('config', () => {
  it('has working defaults for `npm start`', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.LAOS).toBe(false);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('points the Laos build at its own SPA', () => {
    expect(loadConfig({ LAOS: 'true' }).webDist).toMatch(/dist-laos$/);
  });

  it('refuses to start in production on the embedded database, sandboxes or the default secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*adapters[\s\S]*APP_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/app',
        SMS_ADAPTER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        APP_SECRET: 'a-real-secret-of-enough-length',
        OPERATOR_TOKEN: 'a-real-operator-token-of-length',
        AUDIT_CHAIN_KEY: 'a-real-audit-chain-key-of-32-bytes',
        // No real game provider exists yet: the demo provider is the only GAME_PROVIDER.
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        TRUST_PROXY: 'none',
      }),
    ).not.toThrow();
    expect(DEV_SECRET.length).toBeGreaterThan(16);
  });

  it('refuses the default chat operator token in production and keeps uploads under the data dir', () => {
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      SMS_ADAPTER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      APP_SECRET: 'a-real-secret-of-enough-length',
    };
    expect(() => loadConfig(prod)).toThrow(/OPERATOR_TOKEN/);
    expect(loadConfig({ DATA_DIR: '/srv/krapao' }).uploadDir).toBe('/srv/krapao/uploads');
  });

  it('seeds the demo member outside production only, and refuses it in production', () => {
    const prod = PRODUCTION;
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: '' }).SEED_DEMO).toBe(true);
    expect(loadConfig(prod).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: production refuses SEED_DEMO=true/);
    expect(() => loadConfig({ ...prod, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });

  it('takes SANDBOX_RANDOM_SEED outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX_RANDOM_SEED: 'e2e' }).SANDBOX_RANDOM_SEED).toBe('e2e');
    expect(loadConfig(PRODUCTION).SANDBOX_RANDOM_SEED).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_RANDOM_SEED: 'e2e' })).toThrow(
      /SANDBOX_RANDOM_SEED: production refuses/,
    );
  });

  it('reads TRUST_PROXY as none, everyone, or the proxies, and refuses everyone in production', () => {
    const { TRUST_PROXY: _decided, ...prod } = PRODUCTION;
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    for (const none of ['none', 'false', '0']) expect(loadConfig({ TRUST_PROXY: none }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'fd00::/8',
    ]);
    for (const bad of ['2', 'lb.internal', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig(prod)).toThrow(/TRUST_PROXY: production needs TRUST_PROXY/);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: production refuses/);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...prod, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ ...prod, TRUST_PROXY: 'none' }).TRUST_PROXY).toBe(false);
  });

  it('publishes OpenAPI outside production only, unless told', () => {
    const prod = PRODUCTION;
    expect(loadConfig({}).OPENAPI_PUBLIC).toBe(true);
    expect(loadConfig({ OPENAPI_PUBLIC: 'false' }).OPENAPI_PUBLIC).toBe(false);
    expect(loadConfig(prod).OPENAPI_PUBLIC).toBe(false);
    expect(loadConfig({ ...prod, OPENAPI_PUBLIC: 'true' }).OPENAPI_PUBLIC).toBe(true);
  });

  it('takes the chat backend as a WebSocket origin, and body deadlines', () => {
    expect(loadConfig({}).CHAT_BACKEND_ORIGIN).toBeUndefined();
    expect(loadConfig({ CHAT_BACKEND_ORIGIN: 'https://chat.example.com/ws' }).CHAT_BACKEND_ORIGIN).toBe(
      'wss://chat.example.com',
    );
    expect(loadConfig({ CHAT_BACKEND_ORIGIN: 'ws://10.0.0.5:8080' }).CHAT_BACKEND_ORIGIN).toBe('ws://10.0.0.5:8080');
    for (const bad of ['chat.example.com', 'ftp://chat.example.com', '*'])
      expect(() => loadConfig({ CHAT_BACKEND_ORIGIN: bad })).toThrow(/CHAT_BACKEND_ORIGIN/);
    const c = loadConfig({});
    expect(c.BODY_TIMEOUT_MS).toBe(10_000);
    expect(c.UPLOAD_BODY_TIMEOUT_MS).toBeGreaterThan(c.BODY_TIMEOUT_MS);
  });

  it('needs an audit chain key of 32+ bytes in production, the default elsewhere; no ALLOW_* way round', () => {
    expect(loadConfig({}).AUDIT_CHAIN_KEY).toBe(DEV_AUDIT_CHAIN_KEY);
    expect(Buffer.byteLength(DEV_AUDIT_CHAIN_KEY)).toBeGreaterThanOrEqual(32);
    const { AUDIT_CHAIN_KEY: _, ...withoutKey } = PRODUCTION;
    const lax = { ...withoutKey, ALLOW_DEFAULT_SECRET_IN_PRODUCTION: 'true' };
    expect(() => loadConfig(lax)).toThrow(/AUDIT_CHAIN_KEY: production needs AUDIT_CHAIN_KEY/);
    expect(() => loadConfig({ ...lax, AUDIT_CHAIN_KEY: DEV_AUDIT_CHAIN_KEY })).toThrow(/AUDIT_CHAIN_KEY/);
    // Bytes, not characters: 31 ASCII ones are refused, 11 Thai letters (33 bytes) are taken.
    expect(() => loadConfig({ ...PRODUCTION, AUDIT_CHAIN_KEY: 'x'.repeat(31) })).toThrow(/AUDIT_CHAIN_KEY/);
    expect(loadConfig({ ...PRODUCTION, AUDIT_CHAIN_KEY: 'ก'.repeat(11) }).AUDIT_CHAIN_KEY).toHaveLength(11);
    expect(loadConfig(PRODUCTION).AUDIT_CHAIN_KEY).toBe(PRODUCTION.AUDIT_CHAIN_KEY);
  });

  it('names the bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
