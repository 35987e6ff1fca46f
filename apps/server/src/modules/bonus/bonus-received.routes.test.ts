// Received state per bonus type across day and week boundaries in Asia/Bangkok (docs/product.md §4.1),
// with the app's clock under the test's control. 2026-03-02 is a Monday; Bangkok is UTC+7.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { activateBonus, bonusList, clearBonus, depositBaht } from './testing.ts';

let clock = new Date('2026-03-02T05:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_TTL_HOURS: '10000' }, { now: () => clock });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** Takes the bonus on a fresh deposit and cancels it at once: one more receipt. */
async function receive(m: Member, code: string, baht = 300) {
  await depositBaht(t, m, baht);
  const res = await activateBonus(t, m, code);
  expect(res.statusCode).toBe(200);
  expect((await clearBonus(t, m)).statusCode).toBe(200);
}
async function state(m: Member, code: string) {
  const b = (await bonusList(t, m)).find((x: { code: string }) => x.code === code);
  return { isReceived: b.isReceived as boolean, received: b.userBonus.received as { updatedAt: string }[] };
}

describe('received per type', () => {
  it('day: received until midnight in Bangkok, although UTC is still the same day', async () => {
    clock = new Date('2026-03-02T16:59:00Z'); // Monday 23:59 in Bangkok
    const m = await signedInMember(t, 0);
    await receive(m, 'DAILY');
    expect(await state(m, 'DAILY')).toEqual({
      isReceived: true,
      received: [{ updatedAt: '2026-03-02T16:59:00.000Z' }],
    });
    await depositBaht(t, m, 300);
    expect((await activateBonus(t, m, 'DAILY')).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });

    clock = new Date('2026-03-02T17:00:00Z'); // Tuesday 00:00 in Bangkok, Monday 17:00 UTC
    expect((await state(m, 'DAILY')).isReceived).toBe(false);
    expect((await activateBonus(t, m, 'DAILY')).json()).toMatchObject({ code: 'DAILY', amount: 30 });
    expect((await state(m, 'DAILY')).received).toHaveLength(2);
  });

  it('week: twice from Monday 00:00 Bangkok; the third waits for the next Monday', async () => {
    clock = new Date('2026-03-02T17:30:00Z'); // Tuesday 00:30 in Bangkok
    const m = await signedInMember(t, 0);
    await receive(m, 'WEEKLY');
    clock = new Date('2026-03-08T16:00:00Z'); // Sunday 23:00 in Bangkok
    expect((await state(m, 'WEEKLY')).isReceived).toBe(false);
    await receive(m, 'WEEKLY');
    expect((await state(m, 'WEEKLY')).isReceived).toBe(true);
    await depositBaht(t, m, 300);
    expect((await activateBonus(t, m, 'WEEKLY')).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });

    clock = new Date('2026-03-08T17:00:00Z'); // Monday 00:00 in Bangkok: a new week
    expect((await state(m, 'WEEKLY')).isReceived).toBe(false);
    expect((await activateBonus(t, m, 'WEEKLY')).json()).toMatchObject({ code: 'WEEKLY', amount: 60 });
  });

  it('limit: received for good once maxReceived is reached', async () => {
    clock = new Date('2026-03-03T03:00:00Z');
    const m = await signedInMember(t, 0);
    await receive(m, 'WELCOME');
    clock = new Date('2026-04-20T03:00:00Z');
    expect((await state(m, 'WELCOME')).isReceived).toBe(true);
    await depositBaht(t, m, 300);
    expect((await activateBonus(t, m, 'WELCOME')).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
  });
});
