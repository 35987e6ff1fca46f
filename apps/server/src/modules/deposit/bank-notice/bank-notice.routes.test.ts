// POST /api/wallet/add: the manual transfer notice. Bad input gets a catalogue code and writes
// nothing; a good one records an OPEN notice and credits nothing by itself.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../../db/schema/account.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../../wallet/testing.ts';
import { editDepositLookup } from '../testing.ts';
import { MAX_OPEN_NOTICES } from './bank-notice.service.ts';
import { noticesOf } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BANK_FEED_INTERVAL_MS: '0' });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const notify = (m: Member, body: unknown, key?: string) => call(t, m, 'POST', '/api/wallet/add', body, key);

describe('POST /api/wallet/add', () => {
  it('records an OPEN notice in minor units and credits nothing', async () => {
    const m = await signedInMember(t, 10);
    const res = await notify(m, { amount: 500.25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS' });
    const [notice] = await noticesOf(t, m.memberId);
    expect(notice).toMatchObject({ amount: 50_025n, currency: 'BAHT', status: 'OPEN', feedId: null });
    expect((await balances(t, m)).wallet).toBe(10);
  });

  it.each([
    [{ amount: 0 }, 'KEY_INVALID'],
    [{ amount: -1 }, 'KEY_INVALID'],
    [{ amount: 1.234 }, 'KEY_INVALID'],
    [{ amount: 1e308 }, 'KEY_INVALID'],
    [{ amount: '10' }, 'KEY_INVALID'],
    [{ amount: 100, extra: true }, 'KEY_INVALID'],
    [{}, 'KEY_MISSING'],
  ])('refuses %j with %s and writes nothing', async (body, code) => {
    const m = await signedInMember(t, 0);
    const res = await notify(m, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(code);
    expect(await noticesOf(t, m.memberId)).toEqual([]);
  });

  it('refuses an amount below the minimum deposit with TRANSFER_MINIMUM and the figure', async () => {
    const m = await signedInMember(t, 0);
    const seeded = await editDepositLookup(t, (l) => ({ ...l, minimumDeposit: 20 }));
    try {
      const res = await notify(m, { amount: 19.99 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'TRANSFER_MINIMUM', minimum: 20 });
      expect(await noticesOf(t, m.memberId)).toEqual([]);
    } finally {
      await editDepositLookup(t, () => seeded);
    }
  });

  it('refuses a member without a registered bank account with NO_BANK', async () => {
    const m = await signedInMember(t, 0);
    await t.db.delete(bankAccounts).where(eq(bankAccounts.memberId, m.memberId));
    const res = await notify(m, { amount: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('NO_BANK');
    expect(await noticesOf(t, m.memberId)).toEqual([]);
  });

  it('records one notice for one Idempotency-Key sent twice', async () => {
    const m = await signedInMember(t, 0);
    const key = `notice-key-${m.memberId}`;
    expect((await notify(m, { amount: 100 }, key)).statusCode).toBe(200);
    const replay = await notify(m, { amount: 100 }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await noticesOf(t, m.memberId)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_OPEN_NOTICES} open notices per member`, async () => {
    const m = await signedInMember(t, 0);
    for (let i = 0; i < MAX_OPEN_NOTICES; i++) expect((await notify(m, { amount: 100 + i })).statusCode).toBe(200);
    const res = await notify(m, { amount: 200 });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('REQUEST_LIMIT');
    expect(await noticesOf(t, m.memberId)).toHaveLength(MAX_OPEN_NOTICES);
  });
});
