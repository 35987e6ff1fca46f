// The console's player protection: a member's panel, ending an exclusion after its minimum term
// (admin only, audited), the report of limit hits, and who may do what.
import { opsProtectionPaths } from '@krapao/contracts/ops/protection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectionEvents, protectionExclusions } from '../../db/schema/protection.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { auditActions } from '../ops-members/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { addEvent, addExclusion, addLimit, DAY, endPath, memberPath, monthsAgo } from './protection-ops-testing.ts';

let t: TestApp;
let owner: SignedInStaff;
let admin: SignedInStaff;
let finance: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner');
  admin = await signedInStaff(t, 'admin');
  finance = await signedInStaff(t, 'finance');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const end = (s: SignedInStaff, memberId: number, exclusionId: number, body: object = { reason: 'asked in writing' }) =>
  opsCall(t, s, 'POST', endPath(memberId, exclusionId), body);
const exclusionRow = async (id: number) =>
  (await t.db.select().from(protectionExclusions).where(eq(protectionExclusions.id, id)))[0]!;

describe("a member's protections", () => {
  it('answers limits with their use, exclusions current and past, and history newest first with staff names', async () => {
    const memberId = await memberWithMoney(t.db, 100_000n);
    await addLimit(t, memberId, { kind: 'DEPOSIT', period: 'DAY', amount: 500_000n });
    const pendingSince = new Date(Date.now() - 2 * 60 * 60_000);
    await addLimit(t, memberId, {
      kind: 'LOSS',
      period: 'WEEK',
      amount: 20_000n,
      pendingAmount: 50_000n,
      pendingSince,
    });
    const past = await addExclusion(t, memberId, { kind: 'TIMEOUT', startsAt: monthsAgo(2), days: 1 });
    const current = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(1), months: 12 });
    await addEvent(t, memberId, 'LIMIT_SET', { at: new Date(Date.now() - 3 * DAY) });
    await addEvent(t, memberId, 'EXCLUSION_ENDED', { at: new Date(Date.now() - DAY), staffId: owner.id });
    await addEvent(t, memberId, 'DEPOSIT_HOLD', { at: new Date() });

    const res = await opsCall(t, support, 'GET', memberPath(memberId));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ memberId, currency: 'BAHT', realityCheckMinutes: 0 });
    expect(body.limits).toEqual([
      {
        kind: 'DEPOSIT',
        period: 'DAY',
        amount: 5000,
        pendingAmount: null,
        pendingSince: null,
        confirmableAt: null,
        used: 1000,
        inGames: 0,
        remaining: 4000,
      },
      {
        kind: 'LOSS',
        period: 'WEEK',
        amount: 200,
        pendingAmount: 500,
        pendingSince: pendingSince.toISOString(),
        confirmableAt: new Date(pendingSince.getTime() + DAY).toISOString(),
        used: 0,
        inGames: 0,
        remaining: 200,
      },
    ]);
    expect(body.exclusions.map((x: { id: number; inForce: boolean }) => [x.id, x.inForce])).toEqual([
      [current, true],
      [past, false],
    ]);
    expect(body.exclusions[0].endableFrom).not.toBeNull();
    expect(body.exclusions[1].endableFrom).toBeNull();
    expect(body.history.map((e: { kind: string; staffName: string | null }) => [e.kind, e.staffName])).toEqual([
      ['EXCLUSION_ENDED', 'Test owner'],
      ['LIMIT_SET', null],
    ]);
  });

  it('answers NO_DATA for an unknown member and a bad id changes nothing', async () => {
    const res = await opsCall(t, finance, 'GET', memberPath(99_999_999));
    expect(res.json().message).toBe('NO_DATA');
    expect((await opsCall(t, finance, 'GET', '/api/ops/members/abc/protection')).statusCode).toBe(400);
  });
});

describe('ending an exclusion', () => {
  it('is for admins and owners: support and finance get OPS_FORBIDDEN and nothing changes', async () => {
    const memberId = await memberWithMoney(t.db, 0n);
    const id = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(7), months: 12 });
    for (const s of [support, finance]) {
      const res = await end(s, memberId, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('OPS_FORBIDDEN');
    }
    expect((await exclusionRow(id)).endedAt).toBeNull();
    expect(await auditActions(t, owner, memberId)).toEqual([]);
  });

  it('ends a self-exclusion past its minimum term: row, event and audit entry', async () => {
    const memberId = await memberWithMoney(t.db, 0n);
    const id = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(7), months: 12 });
    const res = await end(admin, memberId, id, { reason: 'member asked, cooled off' });
    expect(res.statusCode).toBe(200);
    expect(res.json().exclusions[0]).toMatchObject({ id, inForce: false, endedBy: 'Test admin' });

    const row = await exclusionRow(id);
    expect(row).toMatchObject({ endedBy: admin.id, endReason: 'member asked, cooled off' });
    expect(row.endedAt).toBeInstanceOf(Date);
    const events = await t.db.select().from(protectionEvents).where(eq(protectionEvents.memberId, memberId));
    expect(events.map((e) => [e.kind, e.staffId, e.detail.exclusionId])).toEqual([['EXCLUSION_ENDED', admin.id, id]]);
    const audit = await opsCall(t, owner, 'GET', `/api/ops/audit?memberId=${memberId}`);
    const [entry] = audit.json().items;
    expect(entry).toMatchObject({
      action: 'protection.exclusion-end',
      objectType: 'protection_exclusion',
      objectId: String(id),
      staffId: admin.id,
      reason: 'member asked, cooled off',
    });
    expect(entry.before.endedAt).toBeNull();
    expect(entry.after.endedAt).toBe(row.endedAt!.toISOString());

    const again = await end(owner, memberId, id);
    expect(again.json().message).toBe('OPS_ALREADY_DECIDED');
    expect(await auditActions(t, owner, memberId)).toEqual(['protection.exclusion-end']);
  });

  it('refuses before the minimum term, a time-out and a permanent one (OPS_EXCLUSION_MIN_TERM), changing nothing', async () => {
    const memberId = await memberWithMoney(t.db, 0n);
    const early = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(5), months: 12 });
    const timeout = await addExclusion(t, memberId, {
      kind: 'TIMEOUT',
      startsAt: new Date(Date.now() - DAY),
      days: 30,
    });
    const permanent = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(60) });
    for (const id of [early, timeout, permanent]) {
      const res = await end(owner, memberId, id);
      expect(res.statusCode, String(id)).toBe(409);
      expect(res.json().message).toBe('OPS_EXCLUSION_MIN_TERM');
      expect((await exclusionRow(id)).endedAt).toBeNull();
    }
    const events = await t.db.select().from(protectionEvents).where(eq(protectionEvents.memberId, memberId));
    expect(events).toEqual([]);
    expect(await auditActions(t, owner, memberId)).toEqual([]);
  });

  it('counts the minimum term from the start, to the minute', async () => {
    const memberId = await memberWithMoney(t.db, 0n);
    const minute = 60_000;
    const justShort = await addExclusion(t, memberId, {
      kind: 'SELF_EXCLUSION',
      startsAt: new Date(monthsAgo(6).getTime() + minute),
      months: 12,
    });
    const justPast = await addExclusion(t, memberId, {
      kind: 'SELF_EXCLUSION',
      startsAt: new Date(monthsAgo(6).getTime() - minute),
      months: 12,
    });
    expect((await end(admin, memberId, justShort)).json().message).toBe('OPS_EXCLUSION_MIN_TERM');
    expect((await end(admin, memberId, justPast)).statusCode).toBe(200);
    expect((await exclusionRow(justShort)).endedAt).toBeNull();
  });

  it('needs a reason, and the exclusion must be the member’s own', async () => {
    const memberId = await memberWithMoney(t.db, 0n);
    const other = await memberWithMoney(t.db, 0n);
    const id = await addExclusion(t, memberId, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(8), months: 60 });
    expect((await end(owner, memberId, id, {})).json().message).toBe('KEY_MISSING');
    expect((await end(owner, memberId, id, { reason: 'x' })).json().message).toBe('KEY_INVALID');
    expect((await end(owner, other, id)).json().message).toBe('NO_DATA');
    expect((await exclusionRow(id)).endedAt).toBeNull();
    expect(await auditActions(t, owner, memberId)).toEqual([]);
  });
});

describe('the report of limit hits', () => {
  const report = (s: SignedInStaff, query: string) => opsCall(t, s, 'GET', `${opsProtectionPaths.report}?${query}`);

  it('lists members who hit a limit in the range, most recent first, paged, with exclusions in force', async () => {
    const a = await memberWithMoney(t.db, 0n);
    const b = await memberWithMoney(t.db, 0n);
    const at = (day: number) => new Date(Date.UTC(2020, 0, day, 12));
    await addEvent(t, a, 'DEPOSIT_LIMIT_REFUSED', { at: at(3) });
    await addEvent(t, a, 'DEPOSIT_LIMIT_REFUSED', { at: at(4) });
    await addEvent(t, a, 'LOSS_LIMIT_REFUSED', { at: at(5) });
    await addEvent(t, a, 'LIMIT_SET', { at: at(6) });
    await addEvent(t, b, 'DEPOSIT_LIMIT_PASSED', { at: at(7) });
    await addEvent(t, b, 'DEPOSIT_LIMIT_PASSED', { at: at(20) });

    const range = `from=${at(1).toISOString()}&to=${at(10).toISOString()}`;
    const res = await report(support, range);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toEqual([
      expect.objectContaining({
        memberId: b,
        depositRefused: 0,
        depositPassed: 1,
        lossRefused: 0,
        lastAt: at(7).toISOString(),
      }),
      expect.objectContaining({
        memberId: a,
        depositRefused: 2,
        depositPassed: 0,
        lossRefused: 1,
        lastAt: at(5).toISOString(),
      }),
    ]);
    expect(body.hasMore).toBe(false);

    const first = (await report(finance, `${range}&limit=1`)).json();
    expect([first.items.map((r: { memberId: number }) => r.memberId), first.hasMore]).toEqual([[b], true]);
    const second = (await report(finance, `${range}&limit=1&page=2`)).json();
    expect([second.items.map((r: { memberId: number }) => r.memberId), second.hasMore]).toEqual([[a], false]);
  });

  it('defaults to the last 7 days and counts members excluded now', async () => {
    const before = (await report(support, '')).json();
    const recent = await memberWithMoney(t.db, 0n);
    const old = await memberWithMoney(t.db, 0n);
    await addEvent(t, recent, 'LOSS_LIMIT_REFUSED', { at: new Date(Date.now() - 6 * DAY) });
    await addEvent(t, old, 'LOSS_LIMIT_REFUSED', { at: new Date(Date.now() - 8 * DAY) });
    await addExclusion(t, recent, { kind: 'TIMEOUT', startsAt: new Date(Date.now() - 60_000), days: 7 });
    await addExclusion(t, recent, { kind: 'TIMEOUT', startsAt: new Date(Date.now() - 60_000), days: 1 });
    await addExclusion(t, old, { kind: 'SELF_EXCLUSION', startsAt: monthsAgo(1) });

    const body = (await report(support, '')).json();
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * DAY);
    const ids = body.items.map((r: { memberId: number }) => r.memberId);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    expect(body.currentExclusions).toEqual({
      timeout: before.currentExclusions.timeout + 1,
      selfExclusion: before.currentExclusions.selfExclusion + 1,
    });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await report(support, `from=2020-02-01T00:00:00Z&to=2020-01-01T00:00:00Z`);
    expect(res.statusCode).toBe(400);
  });
});
