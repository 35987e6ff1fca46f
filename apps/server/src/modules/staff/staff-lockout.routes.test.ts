// Staff sign-in against guessers with many sources: the members' account-wide ceiling
// (LOGIN_ACCOUNT_MAX_ATTEMPTS a day from sources the account was not signed in from lately) holds
// for staff too, the lock is audited once, and the places the staff member signs in from are spared.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, createStaff, opsLogin } from './testing.ts';

const CEILING = 8;
let t: TestApp;
let clock = Date.parse('2026-11-27T09:00:05Z');
beforeAll(async () => {
  t = await createTestApp({ LOGIN_ACCOUNT_MAX_ATTEMPTS: String(CEILING) }, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const lockEntries = (staffId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectId, String(staffId)), eq(auditLog.action, 'staff.sign-in-locked')));
const sessionsOf = (staffId: number) => t.db.select().from(staffSessions).where(eq(staffSessions.staffId, staffId));

describe('staff sign-in: the account-wide ceiling', () => {
  it('checks at most the ceiling of guesses spread over sources, then refuses even the right answer', async () => {
    const s = await createStaff(t, 'owner');
    const home = '10.60.0.1';
    expect(
      (await opsLogin(t, { username: s.username, password: s.password, code: await codeOf(t, s.secret) }, home))
        .statusCode,
    ).toBe(200);
    const code = await codeOf(t, s.secret, 1);
    // 30 at once, each from its own source (well under the per-source limit).
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        opsLogin(t, { username: s.username, password: `guess-${i}`, code }, `10.61.0.${i}`),
      ),
    );
    const answers = burst.map((r) => r.json().message);
    // The first sign-in at home came from a source not known then: it counted too.
    expect(answers.filter((m) => m === 'OPS_LOGIN_FAIL')).toHaveLength(CEILING - 1);
    expect(answers.filter((m) => m === 'OPS_LOCKED')).toHaveLength(30 - (CEILING - 1));
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(30 - (CEILING - 1));

    // The right password and code from yet another source: refused, no session opened.
    const right = await opsLogin(t, { username: s.username, password: s.password, code }, '10.62.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: 'OPS_LOCKED' });
    expect(await sessionsOf(s.id)).toHaveLength(1);

    // One entry for the lock, from the first refused attempt; none of the per-source kind.
    const entries = await lockEntries(s.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'system', staffId: s.id, objectType: 'staff' });
    expect(entries[0]?.after).toMatchObject({ scope: 'account', attempts: CEILING });

    // The place the staff member signed in from is spared.
    const fromHome = await opsLogin(t, { username: s.username, password: s.password, code }, home);
    expect(fromHome.statusCode).toBe(200);
    expect(await sessionsOf(s.id)).toHaveLength(2);

    // The ceiling counts a day of attempts.
    clock += 24 * 3_600_000 + 60_000;
    const nextDay = await opsLogin(
      t,
      { username: s.username, password: s.password, code: await codeOf(t, s.secret) },
      '10.62.0.1',
    );
    expect(nextDay.statusCode).toBe(200);
  });

  it('keeps each account to its own ceiling, and an unknown name locks no staff member', async () => {
    const a = await createStaff(t, 'support');
    const b = await createStaff(t, 'support');
    for (let i = 0; i <= CEILING; i++) {
      await opsLogin(t, { username: a.username, password: `guess-${i}`, code: '000000' }, `10.63.0.${i}`);
      await opsLogin(t, { username: 'nobody-staff', password: `guess-${i}`, code: '000000' }, `10.63.1.${i}`);
    }
    const lockedA = await opsLogin(t, { username: a.username, password: a.password, code: '000000' }, '10.63.2.1');
    expect(lockedA.json()).toEqual({ message: 'OPS_LOCKED' });
    const signInB = await opsLogin(
      t,
      { username: b.username, password: b.password, code: await codeOf(t, b.secret) },
      '10.63.2.1',
    );
    expect(signInB.statusCode).toBe(200);
    expect(await lockEntries(a.id)).toHaveLength(1);
    expect(await lockEntries(b.id)).toHaveLength(0);
  });
});
