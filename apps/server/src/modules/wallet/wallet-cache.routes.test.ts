// GET /api/wallet answers from the instance's view cache (wallet-view-cache.ts): a change made behind
// the app's back is not seen within WALLET_CACHE_MS, and every change made through the app is seen
// on the next call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { memberChangeListenerCount } from '../../lib/member-changes.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, type Member, rename, signedInMember, transfer } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WALLET_CACHE_MS: '600000' });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const nameOf = async (m: Member) => (await call(t, m, 'GET', '/api/wallet')).json().profile.name as string;
const renameBehindTheBack = (m: Member, name: string) =>
  t.db.update(members).set({ name }).where(eq(members.id, m.memberId));

describe('GET /api/wallet from the view cache', () => {
  it('keeps the view while nothing changes through the app, and shows a change of name at once', async () => {
    const m = await signedInMember(t, 50);
    const first = await nameOf(m);
    await renameBehindTheBack(m, 'Behind The Back');
    expect(await nameOf(m)).toBe(first);
    const res = await rename(t, m, 'Through The App');
    expect(res.statusCode).toBe(200);
    expect(await nameOf(m)).toBe('Through The App');
  });

  it('shows a transfer both ways, and a game account opened after the view was kept', async () => {
    const m = await signedInMember(t, 500);
    expect(await balances(t, m)).toMatchObject({ wallet: 500, slots: { PG: 0 } });
    await activate(t, m.token, 'PG');
    expect(
      (await call(t, m, 'GET', '/api/wallet')).json().slots.find((s: { code: string }) => s.code === 'PG'),
    ).toMatchObject({ isActive: true, amount: 0 });
    const into = await transfer(t, m, 'WALLET', 'PG', 120);
    expect(into.statusCode).toBe(200);
    expect(await balances(t, m)).toMatchObject({ wallet: 380, slots: { PG: 120 } });
    const out = await transfer(t, m, 'PG', 'WALLET', 20);
    expect(out.statusCode).toBe(200);
    expect(await balances(t, m)).toMatchObject({ wallet: 400, slots: { PG: 100 } });
  });

  it('answers another member’s change only for that member', async () => {
    const [a, b] = [await signedInMember(t, 10), await signedInMember(t, 20)];
    const [nameA, nameB] = [await nameOf(a), await nameOf(b)];
    await renameBehindTheBack(a, 'Old For A');
    const res = await rename(t, b, `${nameB} 2`);
    expect(res.statusCode).toBe(200);
    expect(await nameOf(a)).toBe(nameA);
    expect(await nameOf(b)).toBe(`${nameB} 2`);
  });

  it('stops hearing the database once the app closes', async () => {
    const before = memberChangeListenerCount(t.db);
    const other = await secondInstance(t);
    expect(memberChangeListenerCount(t.db)).toBe(before + 1);
    await other.close();
    expect(memberChangeListenerCount(t.db)).toBe(before);
  });
});
