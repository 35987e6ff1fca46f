// The invite and cashback seed: idempotent, and the demo data works in the Thai and Laos builds.
import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { seed } from '../../seed.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';

describe('invite and cashback seed', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
    t = null;
  });

  async function demoState(app: TestApp) {
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
    });
    const auth = { headers: headers(login.json().token) };
    const wallet = (await app.app.inject({ method: 'GET', url: '/api/wallet', ...auth })).json();
    const refund = (await app.app.inject({ method: 'GET', url: '/api/refund/check', ...auth })).json();
    const [demo] = await app.db.select().from(members).where(eq(members.username, DEMO_MEMBER.username));
    const [earnings] = await app.db.select({ n: count() }).from(inviteEarnings);
    const [results] = await app.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, demo!.id), eq(ledgerTransactions.type, 'GAME_RESULT')));
    return { wallet, refund, earnings: earnings!.n, results: results!.n };
  }

  it('running the seed again changes nothing', async () => {
    t = await createTestApp();
    const before = await demoState(t);
    expect(before).toMatchObject({ earnings: 1, results: 1 });
    expect(before.wallet.invite.amount).toBe(5);
    expect(before.wallet.wallet.amount).toBe(800);
    expect(before.refund).toMatchObject({ result: true, refundAmount: 6 });
    await seed(t.db, t.ctx.config, { demoMember: true });
    expect(await demoState(t)).toEqual(before);
  });

  it('the Laos build seeds the demo data in kip', async () => {
    t = await createTestApp({ LAOS: 'true' });
    const state = await demoState(t);
    expect(state.wallet.invite.amount).toBe(5_000);
    expect(state.refund).toMatchObject({ result: true, refundAmount: 6_000 });
  });
});
