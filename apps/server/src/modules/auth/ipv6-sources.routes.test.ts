// Per-address limits count an IPv6 client by its /64: a guesser who takes a new address of their
// prefix for every attempt gets no new allowance, and a neighbouring prefix keeps its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember, post } from './testing.ts';

const IP_MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_ATTEMPTS: String(IP_MAX), LOGIN_ACCOUNT_MAX_ATTEMPTS: '1000' });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) => post(t, '/api/login', { username, password }, { ip });

describe('login limits for IPv6 clients', () => {
  it('count every address of one /64 as one source', async () => {
    const m = await newMember(t);
    const answers: string[] = [];
    for (let i = 1; i <= IP_MAX + 2; i++) {
      answers.push((await login(m.username, `guess-${i}`, `2001:db8:7:1::${i.toString(16)}`)).json().message);
    }
    expect(answers).toEqual([...Array(IP_MAX).fill('WRONG_CREDENTIAL'), 'REQUEST_LIMIT', 'REQUEST_LIMIT']);
    // Written another way, the same prefix is still refused, even with the right password.
    expect((await login(m.username, m.password, '2001:0db8:0007:0001:ffff::1')).json()).toEqual({
      message: 'REQUEST_LIMIT',
    });
    // The next prefix has an allowance of its own.
    expect((await login(m.username, m.password, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('keep counting an IPv4 client by its address', async () => {
    const m = await newMember(t);
    for (let i = 0; i < IP_MAX; i++) {
      expect((await login(m.username, `guess-${i}`, '198.51.100.20')).json().message).toBe('WRONG_CREDENTIAL');
    }
    expect((await login(m.username, m.password, '198.51.100.20')).json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await login(m.username, m.password, '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('the request limit for IPv6 clients', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  const info = (remoteAddress: string) => limited.app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress });

  it('counts one /64 as one client', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) codes.push((await info(`2001:db8:9:1::${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await info('2001:db8:9:2::1')).statusCode).toBe(200);
  });
});
