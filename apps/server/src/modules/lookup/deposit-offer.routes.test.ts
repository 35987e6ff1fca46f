// A signed-in member on a break, or whose deposit limit has nothing left, is offered no house account,
// TrueMoney wallet or QR gateway by the deposit lookup (a transfer cannot be refused once sent), and
// is told why and until when; a visitor and a member under the limit keep the full list.
import { protectionPaths } from '@krapao/contracts/protection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { exclude } from '../protection/gates-testing.ts';
import { bankDeposit, HOUR_MS, pcall } from '../protection/protection-testing.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';

let clock: Date | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_TTL_HOURS: '10000' }, { now: () => clock ?? new Date() });
});
afterAll(async () => {
  if (!t) return;
  clock = null;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

type Lookup = {
  banks: { bankType: string; bankCode: string }[];
  wallets: unknown[];
  isManual: boolean;
  minimumDeposit: number;
  blocked?: { reason: string; until: string | null } | null;
};

async function lookup(m?: Member): Promise<Lookup> {
  const res = await t.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: headers(m?.token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const accountsOf = (l: Lookup) => l.banks.filter((b) => b.bankType !== 'PAYMENT');
const gatewaysOf = (l: Lookup) => l.banks.filter((b) => b.bankType === 'PAYMENT');

function expectFull(l: Lookup) {
  expect(accountsOf(l).length).toBeGreaterThan(0);
  expect(gatewaysOf(l).map((g) => g.bankCode)).toEqual(['KBANK', 'WW', 'PAYTIMZ']);
  expect(l.wallets).toHaveLength(2);
  expect(l.blocked ?? null).toBeNull();
}
function expectNothingOffered(l: Lookup) {
  expect(l.banks).toEqual([]);
  expect(l.wallets).toEqual([]);
  expect(l.minimumDeposit).toBe(1);
}

async function limit(m: Member, period: 'DAY' | 'WEEK' | 'MONTH', amount: number) {
  const res = await pcall(t, m, 'PUT', protectionPaths.limit, { kind: 'DEPOSIT', period, amount });
  expect(res.statusCode).toBe(200);
}

describe('deposit lookup and player protection', () => {
  it('a visitor keeps the full list', async () => {
    expectFull(await lookup());
  });

  it('a member under the limit keeps the full list', async () => {
    const m = await signedInMember(t, 0);
    expectFull(await lookup(m));
    await limit(m, 'DAY', 100);
    await bankDeposit(t, m.memberId, 99.99);
    expectFull(await lookup(m));
  });

  it('a member at the limit is offered nothing and told until when', async () => {
    const m = await signedInMember(t, 0);
    await limit(m, 'DAY', 100);
    await bankDeposit(t, m.memberId, 100);
    const l = await lookup(m);
    expectNothingOffered(l);
    expect(l.blocked?.reason).toBe('limit');
    const until = Date.parse(l.blocked!.until!);
    expect(until).toBeGreaterThan(Date.now() + 24 * HOUR_MS - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS + 1);
    // A visitor still sees everything meanwhile.
    expectFull(await lookup());
  });

  it('the offer comes back exactly when the deposit leaves the 24-hour window', async () => {
    const m = await signedInMember(t, 0);
    await limit(m, 'DAY', 100);
    await bankDeposit(t, m.memberId, 150);
    const until = (await lookup(m)).blocked!.until!;
    try {
      clock = new Date(Date.parse(until) - 1);
      const before = await lookup(m);
      expectNothingOffered(before);
      expect(before.blocked).toEqual({ reason: 'limit', until });
      clock = new Date(until);
      expectFull(await lookup(m));
    } finally {
      clock = null;
    }
  });

  it('until is when enough deposits have left, the latest of the limits used up', async () => {
    const m = await signedInMember(t, 0);
    await limit(m, 'DAY', 100);
    await limit(m, 'WEEK', 100);
    await bankDeposit(t, m.memberId, 20);
    const first = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    await bankDeposit(t, m.memberId, 200);
    const second = Date.now();
    const { blocked } = await lookup(m);
    // The 20 leaving leaves 200 > 100: only the 200 leaving frees the week, the later limit.
    const until = Date.parse(blocked!.until!);
    expect(until).toBeGreaterThan(first + 7 * 24 * HOUR_MS);
    expect(until).toBeLessThanOrEqual(second + 7 * 24 * HOUR_MS + 1);
    try {
      // A day later the day window is clear, the week's is not.
      clock = new Date(second + 25 * HOUR_MS);
      expect((await lookup(m)).blocked).toEqual({ reason: 'limit', until: blocked!.until });
      clock = new Date(until);
      expectFull(await lookup(m));
    } finally {
      clock = null;
    }
  });

  it('an excluded member is offered nothing until the break ends', async () => {
    const m = await signedInMember(t, 0);
    expectFull(await lookup(m));
    const now = new Date();
    await exclude(t, m.memberId, 24, now);
    const l = await lookup(m);
    expectNothingOffered(l);
    expect(l.blocked).toEqual({ reason: 'excluded', until: new Date(now.getTime() + 24 * HOUR_MS).toISOString() });
  });

  it('a permanent self-exclusion has no end', async () => {
    const m = await signedInMember(t, 0);
    await exclude(t, m.memberId, null);
    const l = await lookup(m);
    expectNothingOffered(l);
    expect(l.blocked).toEqual({ reason: 'excluded', until: null });
  });
});
