// Runs on PGlite and on PostgreSQL: the driver errors of a lost registration race map to the right code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMemberRepository, type NewMember, uniqueConflict } from './member.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (overrides: Partial<NewMember>): NewMember => ({
  username: '0811111111',
  name: 'Race',
  passwordHash: 'x',
  currency: 'BAHT',
  sourceCode: null,
  referrerId: null,
  bankCode: 'SCB',
  bankAccountName: 'RACE',
  bankAccountNo: '111111111',
  ...overrides,
});

async function conflictOf(m: NewMember) {
  try {
    await createMemberRepository(t.db).insert(m);
    return 'inserted';
  } catch (err) {
    return uniqueConflict(err);
  }
}

describe('uniqueConflict', () => {
  it('tells a taken username from a taken bank account, and writes nothing half', async () => {
    expect(await conflictOf(member({}))).toBe('inserted');
    expect(await conflictOf(member({ bankAccountNo: '222222222' }))).toBe('username');
    expect(await conflictOf(member({ username: '0822222222' }))).toBe('bankAccount');
    expect(await createMemberRepository(t.db).byUsername('0822222222')).toBeNull();
  });

  it('is null for anything else', () => {
    expect(uniqueConflict(new Error('boom'))).toBeNull();
    expect(uniqueConflict({ code: '23505', constraint: 'other' })).toBeNull();
    expect(uniqueConflict(null)).toBeNull();
  });
});
