// Each statement of `auth.hot-path.ts` against the same facts read the plain way, one table at a
// time. Two members and several sources sit side by side, so a counter or a join that loses its
// key (account, source, IP, member) answers someone else's facts and fails.
import { and, eq, gt, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { loginFailures, rateCounters, sessions } from '../../db/schema/auth.ts';
import { bucketOf, windowAfter } from '../../lib/rate-limiter.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { createLoginHotPath, createSessionHotPath, type LockoutRules } from './auth.hot-path.ts';

const AT = new Date('2030-01-02T03:04:05.000Z');
const RULES: LockoutRules = {
  ipMax: 4,
  ipWindowMinutes: 15,
  sourceMax: 2,
  lockBaseMs: 60_000,
  lockCapMs: 3_600_000,
  memoryMs: 86_400_000,
  accountWindowMinutes: 1_440,
  knownForMs: 30 * 86_400_000,
};

let t: TestApp;
let a: { id: number; username: string };
let b: { id: number; username: string };
const memberOf = async (id: number) => {
  const [m] = await t.db.select().from(members).where(eq(members.id, id));
  return m!;
};
beforeAll(async () => {
  t = await createTestApp();
  a = await memberOf(await memberWithMoney(t.db, 0n));
  b = await memberOf(await memberWithMoney(t.db, 0n));
});
afterAll(async () => {
  await t.close();
});

describe('login_attempt', () => {
  const login = createLoginHotPathAt(AT);
  function createLoginHotPathAt(at: Date) {
    return (username: string, source: string) =>
      createLoginHotPath(t.db, () => at).attempt(
        { username, source, lockSource: source, ipKey: `login:ip:${source}`, accountKey: `login:user:${username}` },
        RULES,
      );
  }
  const counted = async (key: string, windowMinutes: number) => {
    const [row] = await t.db
      .select({ n: sum(rateCounters.count) })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, key), gt(rateCounters.bucket, windowAfter(bucketOf(AT), windowMinutes))));
    return Number(row?.n ?? 0);
  };
  /** The facts the attempt answers, read the plain way after it ran. */
  const failureOf = async (username: string, source: string) => {
    const [row] = await t.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.account, username), eq(loginFailures.source, source)));
    return row;
  };
  async function plain(username: string, source: string, ipBefore: number, before: string) {
    const failure = await failureOf(username, source);
    const known = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          eq(members.username, username),
          eq(sessions.ip, source),
          gt(sessions.createdAt, new Date(AT.getTime() - RULES.knownForMs)),
        ),
      );
    const [m] = await t.db.select().from(members).where(eq(members.username, username));
    // Counted: this source's row changed (every attempt here happens at the same instant).
    const wasCounted = failure !== undefined && JSON.stringify(failure) !== before;
    return {
      ipFailures: ipBefore,
      sourceTries: wasCounted ? failure!.failures : null,
      isKnownSource: known.length > 0,
      accountTries:
        wasCounted && known.length === 0 ? await counted(`login:user:${username}`, RULES.accountWindowMinutes) : null,
      member: m
        ? { id: m.id, passwordHash: m.passwordHash, status: m.status, credentialVersion: m.credentialVersion }
        : null,
    };
  }
  const same = async (username: string, source: string) => {
    const ipBefore = await counted(`login:ip:${source}`, RULES.ipWindowMinutes);
    const before = JSON.stringify(await failureOf(username, source));
    const answer = await login(username, source);
    expect(answer).toEqual(await plain(username, source, ipBefore, before));
    return answer;
  };

  it('counts the source and the account, reads the member, as the plain reads do', async () => {
    expect(await same(a.username, '198.51.100.1')).toMatchObject({
      sourceTries: 1,
      accountTries: 1,
      isKnownSource: false,
    });
    expect(await same(b.username, '198.51.100.1')).toMatchObject({ sourceTries: 1, accountTries: 1 });
    expect(await same(a.username, '198.51.100.2')).toMatchObject({ sourceTries: 1, accountTries: 2 });
    expect((await same(a.username, '198.51.100.1'))!.member!.id).toBe(a.id);
    expect(await same('0900000000', '198.51.100.1')).toMatchObject({ member: null, sourceTries: 1 });
  });

  it('refuses uncounted a source locked out of the account, and an IP over its limit', async () => {
    // a's third attempt from .1 reached sourceMax (2) above: the source is locked until AT + 1 minute.
    expect(await same(a.username, '198.51.100.1')).toMatchObject({ sourceTries: null, accountTries: null });
    // Failures from the IP in an earlier minute of the window, on other accounts.
    const earlier = new Date(bucketOf(AT).getTime() - 60_000);
    await t.db.insert(rateCounters).values({ key: 'login:ip:198.51.100.9', bucket: earlier, count: RULES.ipMax });
    const refused = await same(b.username, '198.51.100.9');
    expect(refused).toMatchObject({ ipFailures: RULES.ipMax, sourceTries: null, accountTries: null });
  });

  it('does not count the account for a source the member opened a session from', async () => {
    await t.db.insert(sessions).values({
      memberId: b.id,
      tokenHash: 'known-source',
      expiresAt: new Date(AT.getTime() + 3_600_000),
      ip: '198.51.100.7',
      credentialVersion: 0,
      createdAt: new Date(AT.getTime() - 86_400_000),
    });
    expect(await same(b.username, '198.51.100.7')).toMatchObject({ isKnownSource: true, accountTries: null });
    expect(await same(a.username, '198.51.100.7')).toMatchObject({ isKnownSource: false });
  });
});

describe('session_insert_resetting and session_find_live', () => {
  const hot = () => createSessionHotPath(t.db);
  const failure = (account: string, source: string) =>
    t.db.insert(loginFailures).values({ account, source, failures: 1, lastFailedAt: AT }).onConflictDoNothing();
  const failures = async (account: string) =>
    (await t.db.select().from(loginFailures).where(eq(loginFailures.account, account)))
      .map((f) => f.source)
      .filter((source) => source.startsWith('203.'))
      .sort();
  /** The live session of a token, the plain way: the session, then its member. */
  async function live(tokenHash: string, now: Date) {
    const [s] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    if (!s || s.revokedAt || s.expiresAt <= now) return null;
    const m = await memberOf(s.memberId);
    if (m.status !== 'ACTIVE' || m.credentialVersion !== s.credentialVersion) return null;
    return { sessionId: s.id, memberId: s.memberId, expiresAt: s.expiresAt };
  }

  it('inserts the session and clears only that source row, while the credential version holds', async () => {
    const m = await memberOf(a.id);
    await failure(m.username, '203.0.113.1');
    await failure(m.username, '203.0.113.2');
    await failure(b.username, '203.0.113.1');
    const row = {
      memberId: m.id,
      tokenHash: 'hot-a',
      expiresAt: new Date(AT.getTime() + 3_600_000),
      ip: '203.0.113.1',
    };
    const id = await hot().insert(
      { ...row, credentialVersion: m.credentialVersion },
      { account: m.username, source: '203.0.113.1' },
    );
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.id, id!));
    expect(stored).toMatchObject({ ...row, credentialVersion: m.credentialVersion, revokedAt: null });
    expect(await failures(m.username)).toEqual(['203.0.113.2']);
    expect(await failures(b.username)).toEqual(['203.0.113.1']);

    const stale = { ...row, tokenHash: 'hot-a-stale', credentialVersion: m.credentialVersion - 1 };
    expect(await hot().insert(stale, { account: m.username, source: '203.0.113.2' })).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, 'hot-a-stale'))).toEqual([]);
    expect(await failures(m.username)).toEqual(['203.0.113.2']);
  });

  it('finds a live session only: not revoked, not expired, its member active and its password current', async () => {
    const m = await memberOf(b.id);
    const make = (tokenHash: string, hours = 1) =>
      hot().insert({
        memberId: m.id,
        tokenHash,
        expiresAt: new Date(AT.getTime() + hours * 3_600_000),
        ip: null,
        credentialVersion: m.credentialVersion,
      });
    await make('hot-b-live');
    await make('hot-b-expired', -1);
    const revoked = await make('hot-b-revoked');
    await t.db.update(sessions).set({ revokedAt: AT }).where(eq(sessions.id, revoked!));
    const same = async (token: string) => {
      const found = await hot().findLive(token, AT);
      expect(found).toEqual(await live(token, AT));
      return found;
    };
    expect(await same('hot-b-live')).toMatchObject({ memberId: m.id });
    expect(await same('hot-a')).toMatchObject({ memberId: a.id });
    for (const token of ['hot-b-expired', 'hot-b-revoked', 'no-such-token']) expect(await same(token)).toBeNull();

    await t.db.update(members).set({ status: 'INACTIVE' }).where(eq(members.id, m.id));
    expect(await same('hot-b-live')).toBeNull();
    await t.db
      .update(members)
      .set({ status: 'ACTIVE', credentialVersion: m.credentialVersion + 1 })
      .where(eq(members.id, m.id));
    expect(await same('hot-b-live')).toBeNull();
    expect(await same('hot-a')).toMatchObject({ memberId: a.id });
  });
});
