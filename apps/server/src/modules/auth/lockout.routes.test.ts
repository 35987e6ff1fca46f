// Guessers cannot turn the login limits against the owner: a source is locked out of an account by
// its own attempts only, the account-wide ceiling spares the places the member signed in from, and
// a signed-in member's password change has a counter of its own.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, rateCounters } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAttemptsPrune } from './attempts-prune.job.ts';
import { changePassword, newMember, post } from './testing.ts';

const CEILING = 20;
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ LOGIN_ACCOUNT_MAX_ATTEMPTS: String(CEILING) }, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) => post(t, '/api/login', { username, password }, { ip });

/** A member who signed in from `home`, with that session's token. */
async function owner(home: string) {
  const m = await newMember(t);
  const res = await login(m.username, m.password, home);
  expect(res.statusCode).toBe(200);
  return { ...m, token: res.json().token as string };
}

describe('login lockout against guessers', () => {
  it('never blocks the owner: their password change and their sign-in from home go through', async () => {
    const m = await owner('10.20.0.1');
    const answers: string[] = [];
    for (let round = 0; round < 7; round++) {
      const guesses = await Promise.all(
        Array.from({ length: 25 }, (_, i) => login(m.username, `guess-${round}-${i}`, `10.21.${round}.${i}`)),
      );
      answers.push(...guesses.map((r) => r.json().message));
    }
    expect(answers.every((x) => x === 'WRONG_CREDENTIAL' || x === 'REQUEST_LIMIT')).toBe(true);
    expect(answers.filter((x) => x === 'WRONG_CREDENTIAL').length).toBeLessThanOrEqual(CEILING);

    const changed = await changePassword(t, m.token, m.password, 'owner-new-1');
    expect(changed.statusCode).toBe(200);
    expect((await login(m.username, 'owner-new-1', '10.20.0.1')).statusCode).toBe(200);
    // A source the member never used is refused even with the right password while the ceiling holds.
    expect((await login(m.username, 'owner-new-1', '10.21.9.9')).json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('counts a parallel burst from many sources one by one: exactly the ceiling is counted', async () => {
    const m = await owner('10.22.0.1');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(m.username, `guess-${i}`, `10.23.0.${i}`)),
    );
    const messages = burst.map((r) => r.json().message);
    // The member's own first two sign-ins (after registration, then at home) came from new places too.
    const left = CEILING - 2;
    expect(messages.filter((x) => x === 'WRONG_CREDENTIAL')).toHaveLength(left);
    expect(messages.filter((x) => x === 'REQUEST_LIMIT')).toHaveLength(30 - left);
    expect((await login(m.username, m.password, '10.23.1.1')).statusCode).toBe(429);
    expect((await login(m.username, m.password, '10.22.0.1')).statusCode).toBe(200);
    // The ceiling counts a day of attempts.
    clock += 24 * 3_600_000 + 60_000;
    expect((await login(m.username, m.password, '10.23.1.1')).statusCode).toBe(200);
  });

  it('a locked-out source does not stop the member changing the password, nor the other way round', async () => {
    const m = await owner('10.24.0.1');
    for (let i = 0; i < 6; i++) await login(m.username, 'bad-guess', '10.24.0.1');
    expect((await login(m.username, m.password, '10.24.0.1')).statusCode).toBe(429);
    const changed = await changePassword(t, m.token, m.password, 'changed-1');
    expect(changed.statusCode).toBe(200);

    const wrong = await Promise.all(
      Array.from({ length: 5 }, () => changePassword(t, changed.json().token, 'wrong-old', 'changed-2')),
    );
    expect(wrong.map((r) => r.json().message)).toEqual(Array(5).fill('WRONG_PASSWORD'));
    expect((await changePassword(t, changed.json().token, 'changed-1', 'changed-2')).statusCode).toBe(429);
    expect((await login(m.username, 'changed-1', '10.24.0.2')).statusCode).toBe(200);
  });

  it('answers an unknown account like a known one, lockout included', async () => {
    const unknown = '0899999998';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await login(unknown, 'x-guess', '10.25.0.1')).json().message);
    expect(answers).toEqual([...Array(5).fill('WRONG_CREDENTIAL'), 'REQUEST_LIMIT']);
  });

  it('forgets attempts a day old: the prune job deletes their counters and rows', async () => {
    const m = await owner('10.26.0.1');
    await login(m.username, 'bad-guess', '10.26.0.2');
    const rowsOf = async () => ({
      failures: (await t.db.select().from(loginFailures).where(eq(loginFailures.account, m.username))).length,
      counters: (
        await t.db
          .select()
          .from(rateCounters)
          .where(like(rateCounters.key, `%${m.username}%`))
      ).length,
    });
    const prune = createAttemptsPrune(t.ctx);
    await prune.runOnce();
    expect((await rowsOf()).failures).toBe(1);
    clock += 24 * 3_600_000 + 120_000;
    await prune.runOnce();
    expect(await rowsOf()).toEqual({ failures: 0, counters: 0 });
  });
});
