import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { demoProviderUrl, providerFormOrigins } from './game-providers.ts';

describe('game provider settings', () => {
  it('puts the demo provider on another origin than the SPA by default, following PORT', () => {
    const c = loadConfig({ PORT: '3456' });
    expect(c.GAME_PROVIDER).toBe('sandbox');
    expect(c.PROVIDER_TIMEOUT_MS).toBe(5000);
    expect(demoProviderUrl(c)).toBe('http://localhost:3456/demo-provider');
    expect(providerFormOrigins(c)).toEqual(['http://localhost:3456']);
    const custom = loadConfig({ DEMO_PROVIDER_URL: 'https://games.example.com/demo/' });
    expect(demoProviderUrl(custom)).toBe('https://games.example.com/demo');
    expect(providerFormOrigins(custom)).toEqual(['https://games.example.com']);
  });

  it('refuses the sandbox provider in production unless allowed', () => {
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      SMS_ADAPTER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      APP_SECRET: 'a-real-secret-of-enough-length',
      OPERATOR_TOKEN: 'a-real-operator-token-of-length',
      AUDIT_CHAIN_KEY: 'a-real-audit-chain-key-of-32-bytes',
      TRUST_PROXY: 'none',
    };
    expect(() => loadConfig(prod)).toThrow(/GAME_PROVIDER/);
    expect(() => loadConfig({ ...prod, ALLOW_SANDBOX_IN_PRODUCTION: 'true' })).not.toThrow();
    expect(() => loadConfig({ DEMO_PROVIDER_URL: 'not a url' })).toThrow(/DEMO_PROVIDER_URL/);
  });
});
