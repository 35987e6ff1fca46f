// Two server instances on one PostgreSQL behind one Redis, each with its own pool and its own wallet
// view cache, as two machines have: a change made through A drops B's kept view through Redis, so B's
// next GET /api/wallet shows it although B's cache would keep the old view for minutes.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { createTestApp, secondInstanceOwnPool, type TestApp, within } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { balances, call, type Member, rename, signedInMember, transfer } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(process.env.TEST_DB !== 'pg' || !REDIS_URL)('wallet views across two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `test-${randomUUID()}:`,
      WALLET_CACHE_MS: '600000',
    });
    b = await secondInstanceOwnPool(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const nameOn = async (t: TestApp, m: Member) =>
    (await call(t, m, 'GET', '/api/wallet')).json().profile.name as string;

  /**
   * Waits until B has kept the member's view: a change behind both apps' backs no longer shows on B.
   * (A message about an earlier change may still be on its way and stop B keeping the first read.)
   */
  async function keptOnB(m: Member) {
    await within(2_000, async () => {
      const name = await nameOn(b, m);
      await a.db
        .update(members)
        .set({ name: `${name}*` })
        .where(eq(members.id, m.memberId));
      return (await nameOn(b, m)) === name;
    });
  }

  it('shows on B a transfer made through A', async () => {
    const m = await signedInMember(a, 300);
    await activate(a, m.token, 'PG');
    expect(await balances(b, m)).toMatchObject({ wallet: 300, slots: { PG: 0 } });
    await keptOnB(m);
    const res = await transfer(a, m, 'WALLET', 'PG', 75);
    expect(res.statusCode).toBe(200);
    await within(2_000, async () => (await balances(b, m)).wallet === 225);
    expect(await balances(b, m)).toMatchObject({ wallet: 225, slots: { PG: 75 } });
  });

  it('shows on B a name changed through A, and on A a transfer made through B', async () => {
    const m = await signedInMember(a, 40);
    await activate(a, m.token, 'PG');
    await keptOnB(m);
    const res = await rename(a, m, 'Renamed On A');
    expect(res.statusCode).toBe(200);
    await within(2_000, async () => (await nameOn(b, m)) === 'Renamed On A');

    expect((await balances(a, m)).wallet).toBe(40);
    const into = await transfer(b, m, 'WALLET', 'PG', 15);
    expect(into.statusCode).toBe(200);
    await within(2_000, async () => (await balances(a, m)).wallet === 25);
  });
});
