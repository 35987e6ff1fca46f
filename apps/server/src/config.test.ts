import { describe, expect, it } from 'vitest';
import { DEV_SECRET, loadConfig } from './config.ts';

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
        // No real game provider exists yet: the demo provider is the only GAME_PROVIDER.
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
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
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      APP_SECRET: 'a-real-secret-of-enough-length',
      OPERATOR_TOKEN: 'a-real-operator-token-of-length',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    };
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: '' }).SEED_DEMO).toBe(true);
    expect(loadConfig(prod).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: production refuses SEED_DEMO=true/);
    expect(() => loadConfig({ ...prod, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });

  it('names the bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
