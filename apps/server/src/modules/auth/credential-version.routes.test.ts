// No session made from an old password survives a password change, not even one whose login was
// still checking the password when the change went through. The password check can be held open
// here (after it answered) to put the change exactly in between.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { changePassword, newMember, post, profile } from './testing.ts';

const hold = vi.hoisted(() => ({ next: null as null | (() => Promise<void>) }));
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password.ts')>();
  return {
    ...real,
    async verifyPassword(hash: string, password: string) {
      const isRight = await real.verifyPassword(hash, password);
      const wait = hold.next;
      hold.next = null;
      if (wait) await wait();
      return isRight;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sessions of the member that still work: not revoked, made from the member's current password. */
async function liveSessions(memberId: number) {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        eq(sessions.credentialVersion, members.credentialVersion),
      ),
    );
  return rows.length;
}

describe('a password change and the logins in flight', () => {
  it('refuses a login whose password check was in flight during the change', async () => {
    const m = await newMember(t);
    let release!: () => void;
    const checked = new Promise<void>((resolve) => {
      hold.next = () => {
        resolve();
        return new Promise<void>((r) => {
          release = r;
        });
      };
    });
    const login = post(t, '/api/login', { username: m.username, password: m.password }, { ip: '10.30.0.1' });
    await checked;
    const changed = await changePassword(t, m.token, m.password, 'changed-1');
    expect(changed.statusCode).toBe(200);
    release();
    const res = await login;
    expect(res.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await liveSessions(m.id)).toBe(1);
    expect((await profile(t, changed.json().token)).statusCode).toBe(200);
  });

  it('refuses a session made from an older password even if nothing revoked it', async () => {
    const m = await newMember(t);
    expect((await profile(t, m.token)).statusCode).toBe(200);
    await t.db
      .update(members)
      .set({ credentialVersion: sql`${members.credentialVersion} + 1` })
      .where(eq(members.id, m.id));
    t.app.sessions.clearCache();
    expect((await profile(t, m.token)).json()).toEqual({ message: 'invalid-token' });
  });

  it('leaves only the fresh session after logins with the old password stormed around one change', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const m = await newMember(t);
      const logins = Array.from({ length: 8 }, (_, i) =>
        post(t, '/api/login', { username: m.username, password: m.password }, { ip: `10.31.${trial}.${i}` }),
      );
      const changed = await changePassword(t, m.token, m.password, `changed-${trial}`);
      expect(changed.statusCode).toBe(200);
      const tokens = (await Promise.all(logins)).map((r) => r.json().token).filter(Boolean);
      const working = await Promise.all(tokens.map(async (token) => (await profile(t, token)).statusCode === 200));
      expect(working.filter(Boolean)).toEqual([]);
      expect(await liveSessions(m.id)).toBe(1);
    }
  });

  it('lets one of two simultaneous changes with the same old password win', async () => {
    const m = await newMember(t);
    const [a, b] = await Promise.all([
      changePassword(t, m.token, m.password, 'changed-a'),
      changePassword(t, m.token, m.password, 'changed-b'),
    ]);
    expect([a.json().message, b.json().message].sort()).toEqual(['SUCCESS', 'WRONG_PASSWORD']);
    expect(await liveSessions(m.id)).toBe(1);
  });
});
