// Ended console sessions (revoked, expired or idle) past the 30 days an address stays known are
// deleted; a live session, and an ended one young enough to make its address known, are kept — and
// that address still spares its staff member the account-wide ceiling after the prune.
import { opsPaths } from '@krapao/contracts/ops/paths';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaffSessionsPrune } from './staff-sessions-prune.job.ts';
import { codeOf, createStaff, opsCall, opsLogin, type SignedInStaff, signIn, type TestStaff } from './testing.ts';

const CEILING = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_ACCOUNT_MAX_ATTEMPTS: String(CEILING), OPS_IDLE_MINUTES: '30' });
});
afterAll(() => t.close());

/** Moves `s`'s sessions back in time: made `createdDaysAgo`, last used `idleMinutes` ago, ending in `expiresInHours`. */
const age = (s: TestStaff, createdDaysAgo: number, idleMinutes: number, expiresInHours: number) =>
  t.ctx.db
    .update(staffSessions)
    .set({
      createdAt: sql`now() - make_interval(days => ${createdDaysAgo})`,
      lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes})`,
      expiresAt: sql`now() + make_interval(hours => ${expiresInHours})`,
    })
    .where(eq(staffSessions.staffId, s.id));
const ipsOf = async (staff: TestStaff[]) =>
  (
    await t.ctx.db
      .select({ ip: staffSessions.ip })
      .from(staffSessions)
      .where(
        inArray(
          staffSessions.staffId,
          staff.map((s) => s.id),
        ),
      )
  )
    .map((s) => s.ip)
    .sort();
const me = (s: SignedInStaff) => opsCall(t, s, 'GET', opsPaths.me);

describe('ended console sessions prune', () => {
  it('deletes revoked, expired and idle sessions older than 30 days, keeps live and younger ones', async () => {
    const [live, idle, expired, revoked, young] = await Promise.all(
      ['owner', 'support', 'support', 'support', 'support'].map((role) => createStaff(t, role as 'owner')),
    );
    const liveIn = await signIn(t, live!, { ip: '10.78.0.1' });
    const idleIn = await signIn(t, idle!, { ip: '10.78.0.2' });
    await signIn(t, expired!, { ip: '10.78.0.3' });
    const revokedIn = await signIn(t, revoked!, { ip: '10.78.0.4' });
    expect((await opsCall(t, revokedIn, 'POST', opsPaths.logout)).statusCode).toBe(200);
    await signIn(t, young!, { ip: '10.78.0.5' });
    await age(live!, 31, 1, 1);
    await age(idle!, 31, 31, 1);
    await age(expired!, 31, 61, -1);
    await age(revoked!, 31, 1, 1);
    await age(young!, 29, 61, -1);
    const all = [live!, idle!, expired!, revoked!, young!];

    // Batches of two: the pass goes on until a batch comes back short.
    expect(await createStaffSessionsPrune(t.ctx, 2).runOnce()).toBe(3);

    expect(await ipsOf(all)).toEqual(['10.78.0.1', '10.78.0.5']);
    expect((await me(liveIn)).statusCode).toBe(200);
    expect((await me(idleIn)).statusCode).toBe(401);
    expect(await createStaffSessionsPrune(t.ctx).runOnce()).toBe(0);

    // The kept address is still known: with the account's ceiling spent from elsewhere, the staff
    // member still signs in from it, and not from anywhere else.
    const code = await codeOf(t, young!.secret, 1);
    const guess = (i: number) =>
      opsLogin(t, { username: young!.username, password: `guess-${i}`, code }, `10.79.0.${i}`);
    expect((await guess(1)).json()).toEqual({ message: 'OPS_LOGIN_FAIL' });
    expect((await guess(2)).json()).toEqual({ message: 'OPS_LOCKED' });
    const right = { username: young!.username, password: young!.password, code };
    expect((await opsLogin(t, right, '10.79.0.9')).json()).toEqual({ message: 'OPS_LOCKED' });
    expect((await opsLogin(t, right, '10.78.0.5')).statusCode).toBe(200);
  });
});
