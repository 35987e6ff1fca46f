import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks the username and password of auto-login paths, in any case', () => {
    expect(redactUrl('/api/autoLogin/pg/kp100001abc')).toBe('/api/autoLogin/pg/***');
    expect(redactUrl('/api/autoLogin/pgslot/kp1/Secret99')).toBe('/api/autoLogin/pgslot/***/***');
    expect(redactUrl('/api/AUTOLOGIN/imi/u/p/extra?x=1')).toBe('/api/AUTOLOGIN/imi/***/***/***?x=1');
  });

  it('masks them however the path is spelled, as the router decodes it', () => {
    expect(redactUrl('/%61pi/autoLogin/pg/kp1/Secret99')).toBe('/api/autoLogin/pg/***/***');
    expect(redactUrl('/api/%61uto%4Cogin/pg/kp1%2FSecret99?x=1')).toBe('/api/autoLogin/pg/***/***?x=1');
    expect(redactUrl('/demo-provider/l%61unch/tok3n')).toBe('/demo-provider/launch/***');
    expect(redactUrl('/api/autoLogin/pg/%ZZ')).toBe('/api/autoLogin/pg/***');
  });

  it('masks launch tokens and credential query parameters', () => {
    expect(redactUrl('/demo-provider/launch/abcDEF123_-')).toBe('/demo-provider/launch/***');
    expect(redactUrl('/demo-provider/superslot/login?username=kp1&password=S3cret&lang=th')).toBe(
      '/demo-provider/superslot/login?username=***&password=***&lang=th',
    );
    expect(redactUrl('/x?PassWord=1&pass%77ord=2&token=t')).toBe('/x?PassWord=***&pass%77ord=***&token=***');
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/api/wallet', '/api/wallet/account/PG', '/dev/sms?phone=0800000001', '/demo-provider/play']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
