// The Members area: search, a member's page and tabs, lock and unlock, password reset.
import { membersPaths } from '@krapao/contracts/ops/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember, post, profile } from '../auth/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { auditActions, pathOf } from './testing.ts';

let t: TestApp;
let owner: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const search = (q: string) => opsCall(t, support, 'GET', `${membersPaths.search}?q=${encodeURIComponent(q)}`);
const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((m) => m.id);

describe('search', () => {
  it('finds a member by phone, name, bank account number and id', async () => {
    const m = await newMember(t, { name: 'Somchai Findme' });
    expect(ids(await search(m.username.slice(2)))).toContain(m.id);
    expect(ids(await search('findme'))).toContain(m.id);
    expect(ids(await search(m.bankAccountNo))).toContain(m.id);
    expect(ids(await search(String(m.id)))).toContain(m.id);
    const [row] = (await search(m.username)).json().items;
    expect(row).toMatchObject({
      id: m.id,
      phone: m.username,
      name: 'Somchai Findme',
      currency: 'BAHT',
      status: 'active',
    });
  });

  it('takes % and _ literally and refuses an empty query', async () => {
    expect((await search('%')).json().items).toEqual([]);
    expect((await search(' ')).statusCode).toBe(400);
  });
});

describe("a member's page", () => {
  it('answers the profile, bank account, balances and every tab', async () => {
    const m = await newMember(t);
    const page = await opsCall(t, support, 'GET', pathOf(membersPaths.member, m.id));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      profile: { id: m.id, username: m.username },
      bankAccount: { bankCode: 'KBANK', accountNo: m.bankAccountNo },
      wallet: 0,
    });
    for (const path of ['statement', 'deposits', 'withdrawals', 'conditions', 'chat'] as const) {
      const res = await opsCall(t, support, 'GET', pathOf(membersPaths[path], m.id));
      expect(res.statusCode, path).toBe(200);
    }
    const sessions = await opsCall(t, support, 'GET', pathOf(membersPaths.sessions, m.id));
    expect(sessions.json().items).toHaveLength(1);
  });

  it('answers NO_DATA for an unknown member', async () => {
    const res = await opsCall(t, support, 'GET', pathOf(membersPaths.member, 99_999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('NO_DATA');
  });
});

describe('lock and unlock', () => {
  it('locking ends every session at once, refuses the login, and is audited', async () => {
    const m = await newMember(t);
    const res = await opsCall(t, support, 'POST', pathOf(membersPaths.lock, m.id), { reason: 'fraud report' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('locked');
    expect((await profile(t, m.token)).statusCode).toBe(401);
    const login = await post(t, '/api/login', { username: m.username, password: m.password });
    expect(login.json().message).toBe('INACTIVE_USER');
    expect((await opsCall(t, support, 'GET', pathOf(membersPaths.sessions, m.id))).json().items).toEqual([]);

    const unlocked = await opsCall(t, support, 'POST', pathOf(membersPaths.unlock, m.id), { reason: 'cleared' });
    expect(unlocked.json().status).toBe('active');
    // The sessions the lock ended stay ended; a new login works.
    expect((await profile(t, m.token)).statusCode).toBe(401);
    expect((await post(t, '/api/login', { username: m.username, password: m.password })).statusCode).toBe(200);
    expect(await auditActions(t, owner, m.id)).toEqual(['member.lock', 'member.unlock']);
  });

  it('without a reason changes nothing (KEY_MISSING)', async () => {
    const m = await newMember(t);
    const res = await opsCall(t, support, 'POST', pathOf(membersPaths.lock, m.id), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_MISSING');
    const short = await opsCall(t, support, 'POST', pathOf(membersPaths.lock, m.id), { reason: 'x' });
    expect(short.json().message).toBe('KEY_INVALID');
    expect((await profile(t, m.token)).statusCode).toBe(200);
    expect(await auditActions(t, owner, m.id)).toEqual([]);
  });

  it('answers NO_DATA for an unknown member', async () => {
    const res = await opsCall(t, support, 'POST', pathOf(membersPaths.lock, 99_999_999), { reason: 'nobody' });
    expect(res.json().message).toBe('NO_DATA');
  });
});

describe('password reset', () => {
  it('answers a temporary password once, ends every session, and is audited', async () => {
    const m = await newMember(t);
    const res = await opsCall(t, support, 'POST', pathOf(membersPaths.resetPassword, m.id), {
      reason: 'asked by phone',
    });
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json();
    expect(temporaryPassword).toMatch(/^[\w-]{12}$/);
    expect((await profile(t, m.token)).statusCode).toBe(401);
    expect((await post(t, '/api/login', { username: m.username, password: m.password })).statusCode).not.toBe(200);
    const login = await post(t, '/api/login', { username: m.username, password: temporaryPassword });
    expect(login.statusCode).toBe(200);
    const entries = await auditActions(t, owner, m.id);
    expect(entries).toEqual(['member.password-reset']);
    expect((await opsCall(t, owner, 'GET', `/api/ops/audit?memberId=${m.id}`)).body).not.toContain(temporaryPassword);
  });
});
