// Two server instances on one PostgreSQL behind one Redis, each with its own pool and its own wallet
// view cache, as two machines have: a change made through A drops B's kept view through Redis, so B's
// next GET /api/wallet shows it although B's cache would keep the old view for minutes.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { members } from '../../db/schema/account.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { balances, call, type Member, signedInMember } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;

/** Polls `probe` until it holds; fails when it still does not after `deadlineMs`. */
async function within(deadlineMs: number, probe: () => Promise<boolean>): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return;
    if (Date.now() - start > deadlineMs) throw new Error(`not seen within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(process.env.TEST_DB !== 'pg' || !REDIS_URL)('wallet views across two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let bDatabase: Database | undefined;
  beforeAll(async () => {
    a = await createTestApp({
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `test-${randomUUID()}:`,
      WALLET_CACHE_MS: '600000',
    });
    const [{ name }] = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    bDatabase = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    const second = await buildApp({ config: a.ctx.config, db: bDatabase.db });
    await second.app.ready();
    b = { ...a, app: second.app, ctx: second.ctx, db: bDatabase.db, close: () => second.app.close() };
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
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
    const res = await call(
      a,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'PG', amount: 75 },
      randomUUID(),
    );
    expect(res.statusCode).toBe(200);
    await within(2_000, async () => (await balances(b, m)).wallet === 225);
    expect(await balances(b, m)).toMatchObject({ wallet: 225, slots: { PG: 75 } });
  });

  it('shows on B a name changed through A, and on A a transfer made through B', async () => {
    const m = await signedInMember(a, 40);
    await activate(a, m.token, 'PG');
    await keptOnB(m);
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${m.token}`, 'x-wallet-user': 'true' },
      payload: { name: 'Renamed On A' },
    });
    expect(res.statusCode).toBe(200);
    await within(2_000, async () => (await nameOn(b, m)) === 'Renamed On A');

    expect((await balances(a, m)).wallet).toBe(40);
    const into = await call(
      b,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'PG', amount: 15 },
      randomUUID(),
    );
    expect(into.statusCode).toBe(200);
    await within(2_000, async () => (await balances(a, m)).wallet === 25);
  });
});
