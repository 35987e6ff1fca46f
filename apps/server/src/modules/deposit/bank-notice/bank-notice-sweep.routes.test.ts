// The sandbox bank feed: the dev bank app's slip, and the sweep that credits transfers into the
// house accounts once (AUTO accounts at once, other accounts by a matching notice or a slip).
import { validate } from 'promptparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSlipQr } from '../../../adapters/slip/slip-image.ts';
import { DEMO_MEMBER } from '../../../db/seed-data.ts';
import { createTestApp, headers, type TestApp } from '../../../test/test-app.ts';
import { createMemberRepository } from '../../account/member.repository.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../../wallet/testing.ts';
import { createDepositCredit } from '../credit.ts';
import { createBankNoticeSweep } from './bank-notice-sweep.job.ts';
import { bankReferenceUsed, bankTransfer, feedRow, HOUSE, noticesOf, registeredAccountOf } from './testing.ts';

let clock = new Date();
let t: TestApp;
let sweep: ReturnType<typeof createBankNoticeSweep>;
let demo: Member;
const demoAccount = { fromBankCode: 'KBANK', fromAccountNo: DEMO_MEMBER.bankAccountNo };

beforeAll(async () => {
  t = await createTestApp({ BANK_FEED_INTERVAL_MS: '0' }, { now: () => clock });
  sweep = createBankNoticeSweep(t.ctx);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
  });
  const member = await createMemberRepository(t.db).byUsername(DEMO_MEMBER.username);
  demo = { memberId: member!.id, token: login.json().token };
});
afterEach(() => t.ctx.payments.bankFeed.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const statement = async (m: Member) => (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).json();
const notify = (m: Member, body: unknown) => call(t, m, 'POST', '/api/wallet/add', body);

describe('POST /dev/bank/transfer', () => {
  it('records the transfer and answers a slip PNG whose mini-QR reads back to it', async () => {
    const { res, transRef, sendingBank } = await bankTransfer(t, {
      ...demoAccount,
      toAccountNo: HOUSE.autoScb,
      amount: 123.45,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(sendingBank).toBe('004');
    expect(transRef).toMatch(/^\d{16}[A-Z]{3}$/);
    const qr = await readSlipQr(res.rawPayload);
    expect(validate.slipVerify(qr ?? '')).toEqual({ sendingBank: '004', transRef });
    expect(await feedRow(t, sendingBank, transRef)).toMatchObject({
      fromBankCode: 'KBANK',
      toBankCode: 'SCB',
      toAccountNo: HOUSE.autoScb,
      amount: 12_345n,
      currency: 'BAHT',
      processedAt: null,
    });
    await sweep.runOnce();
  });

  it('records a transfer to an account that is not the house’s (a member can mistype)', async () => {
    const { res, transRef, sendingBank } = await bankTransfer(t, {
      ...demoAccount,
      toAccountNo: '1112223334',
      amount: 50,
    });
    expect(res.statusCode).toBe(200);
    expect(await feedRow(t, sendingBank, transRef)).toMatchObject({ toBankCode: 'UNKNOWN' });
    const before = await balances(t, demo);
    await sweep.runOnce();
    expect((await feedRow(t, sendingBank, transRef))?.processedAt).not.toBeNull();
    expect(await balances(t, demo)).toEqual(before);
  });

  it.each([
    [{ ...demoAccount, fromBankCode: 'NOPE', toAccountNo: HOUSE.autoScb, amount: 10 }, 'INVALID_BANK'],
    [{ ...demoAccount, toAccountNo: HOUSE.autoScb, amount: 0 }, 'KEY_INVALID'],
    [{ ...demoAccount, toAccountNo: HOUSE.autoScb, amount: 1.234 }, 'KEY_INVALID'],
    [{ ...demoAccount, toAccountNo: 'abc', amount: 10 }, 'KEY_INVALID'],
    [{ ...demoAccount, toAccountNo: HOUSE.autoScb, amount: 10, extra: 1 }, 'KEY_INVALID'],
    [{ ...demoAccount, amount: 10 }, 'KEY_MISSING'],
  ])('refuses %j with %s and records nothing', async (body, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/dev/bank/transfer', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(code);
    expect((await t.ctx.payments.bankFeed.listUnprocessed(10)).length).toBe(0);
  });

  it('GET/PUT /dev/payment-faults/bank-feed reads and replaces the faults', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/dev/payment-faults/bank-feed', payload: { delayMs: 5 } });
    expect(put.json()).toEqual({ delayMs: 5, listError5xx: false });
    const get = await t.app.inject({ method: 'GET', url: '/dev/payment-faults/bank-feed' });
    expect(get.json()).toEqual({ delayMs: 5, listError5xx: false });
    const bad = await t.app.inject({ method: 'PUT', url: '/dev/payment-faults/bank-feed', payload: { delayMs: -1 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the feed sweep', () => {
  it('credits a transfer from a registered account to the AUTO account once, on wallet and statement', async () => {
    const before = (await balances(t, demo)).wallet;
    const { sendingBank, transRef } = await bankTransfer(t, {
      ...demoAccount,
      toAccountNo: HOUSE.autoScb,
      amount: 150,
    });
    expect((await sweep.runOnce()).credited).toBe(1);
    expect((await sweep.runOnce()).credited).toBe(0);
    expect((await balances(t, demo)).wallet).toBe(before + 150);
    expect((await statement(demo)).statements[0]).toMatchObject({
      statementType: 'deposit',
      from: 'KBANK',
      amount: 150,
      status: 'SUCCESS',
    });
    expect(await bankReferenceUsed(t, sendingBank, transRef)).toMatchObject({ memberId: demo.memberId });
  });

  it('does not credit again a transfer a slip upload credited first (one reference)', async () => {
    const m = await signedInMember(t, 0);
    const from = await registeredAccountOf(t, m.memberId);
    const { sendingBank, transRef } = await bankTransfer(t, { ...from, toAccountNo: HOUSE.autoScb, amount: 70 });
    await createDepositCredit(t.ctx).credit({
      memberId: m.memberId,
      amount: 7_000n,
      currency: 'BAHT',
      source: 'BANK',
      reference: `${sendingBank}:${transRef}`,
      fromCode: from.fromBankCode,
    });
    expect((await sweep.runOnce()).credited).toBe(0);
    expect((await feedRow(t, sendingBank, transRef))?.processedAt).not.toBeNull();
    expect((await balances(t, m)).wallet).toBe(70);
  });

  it('leaves a transfer to a SLIP-mode account without a notice for a slip upload', async () => {
    const m = await signedInMember(t, 0);
    const from = await registeredAccountOf(t, m.memberId);
    const { sendingBank, transRef } = await bankTransfer(t, { ...from, toAccountNo: HOUSE.slipKbank, amount: 300 });
    expect((await sweep.runOnce()).processed).toBe(1);
    expect((await feedRow(t, sendingBank, transRef))?.processedAt).not.toBeNull();
    expect(await bankReferenceUsed(t, sendingBank, transRef)).toBeNull();
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('credits a SLIP-mode transfer matching the member’s notice and marks the notice MATCHED', async () => {
    const m = await signedInMember(t, 0);
    const from = await registeredAccountOf(t, m.memberId);
    expect((await notify(m, { amount: 999 })).statusCode).toBe(200);
    expect((await notify(m, { amount: 250.5 })).json()).toEqual({ message: 'SUCCESS' });
    expect((await sweep.runOnce()).credited).toBe(0);
    later(1000);
    await bankTransfer(t, { ...from, toAccountNo: HOUSE.slipKbank, amount: 250.5 });
    expect((await sweep.runOnce()).credited).toBe(1);
    expect((await balances(t, m)).wallet).toBe(250.5);
    const notices = await noticesOf(t, m.memberId);
    expect(notices.map((n) => n.status)).toEqual(['OPEN', 'MATCHED']);
    expect(notices[1]?.feedId).toEqual(expect.any(Number));
  });

  it('matches a notice filed after its transfer was swept (transfer first, then the notice)', async () => {
    const m = await signedInMember(t, 0);
    const from = await registeredAccountOf(t, m.memberId);
    await bankTransfer(t, { ...from, toAccountNo: HOUSE.slipKbank, amount: 80 });
    expect((await sweep.runOnce()).credited).toBe(0);
    later(60_000);
    await notify(m, { amount: 80 });
    expect((await sweep.runOnce()).credited).toBe(1);
    expect((await sweep.runOnce()).credited).toBe(0);
    expect((await balances(t, m)).wallet).toBe(80);
    expect((await noticesOf(t, m.memberId)).map((n) => n.status)).toEqual(['MATCHED']);
  });

  it('does not take another member’s transfer for a notice of the same amount', async () => {
    const [a, b] = [await signedInMember(t, 0), await signedInMember(t, 0)];
    await notify(b, { amount: 40 });
    later(1000);
    await bankTransfer(t, { ...(await registeredAccountOf(t, a.memberId)), toAccountNo: HOUSE.slipKbank, amount: 40 });
    expect((await sweep.runOnce()).credited).toBe(0);
    expect((await balances(t, a)).wallet).toBe(0);
    expect((await balances(t, b)).wallet).toBe(0);
  });

  it('does not process a delayed transfer before the bank shows it', async () => {
    t.ctx.payments.bankFeed.faults.set({ delayMs: 60_000 });
    const m = await signedInMember(t, 0);
    const from = await registeredAccountOf(t, m.memberId);
    const { sendingBank, transRef } = await bankTransfer(t, { ...from, toAccountNo: HOUSE.autoScb, amount: 20 });
    later(59_000);
    expect((await sweep.runOnce()).processed).toBe(0);
    expect((await feedRow(t, sendingBank, transRef))?.processedAt).toBeNull();
    later(1_000);
    expect((await sweep.runOnce()).credited).toBe(1);
    expect((await balances(t, m)).wallet).toBe(20);
  });

  it('loses nothing while the bank answers 5xx: the next pass credits', async () => {
    const m = await signedInMember(t, 0);
    await bankTransfer(t, { ...(await registeredAccountOf(t, m.memberId)), toAccountNo: HOUSE.autoScb, amount: 33 });
    t.ctx.payments.bankFeed.faults.set({ listError5xx: true });
    await expect(sweep.runOnce()).rejects.toThrow(/5xx/);
    expect((await balances(t, m)).wallet).toBe(0);
    t.ctx.payments.bankFeed.faults.reset();
    expect((await sweep.runOnce()).credited).toBe(1);
    expect((await balances(t, m)).wallet).toBe(33);
  });

  it('marks a transfer from an unregistered account processed without crediting anyone', async () => {
    const warnings: unknown[] = [];
    const logged = createBankNoticeSweep(t.ctx, { warn: (o) => warnings.push(o), error: () => {} });
    const { sendingBank, transRef } = await bankTransfer(t, {
      fromBankCode: 'BBL',
      fromAccountNo: '9999999999',
      toAccountNo: HOUSE.autoScb,
      amount: 500,
    });
    expect(await logged.runOnce()).toMatchObject({ processed: 1, credited: 0 });
    expect((await feedRow(t, sendingBank, transRef))?.processedAt).not.toBeNull();
    expect(await bankReferenceUsed(t, sendingBank, transRef)).toBeNull();
    expect(warnings).toEqual([expect.objectContaining({ outcome: 'UNKNOWN_SENDER' })]);
  });

  it('expires notices older than 24 hours', async () => {
    const m = await signedInMember(t, 0);
    await notify(m, { amount: 45 });
    later(24 * 3_600_000 + 1000);
    expect((await sweep.runOnce()).expiredNotices).toBeGreaterThanOrEqual(1);
    expect((await noticesOf(t, m.memberId)).map((n) => n.status)).toEqual(['EXPIRED']);
    // An expired notice matches nothing any more.
    await bankTransfer(t, { ...(await registeredAccountOf(t, m.memberId)), toAccountNo: HOUSE.slipKbank, amount: 45 });
    expect((await sweep.runOnce()).credited).toBe(0);
  });

  it('answers 401 to the notice without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add',
      payload: { amount: 100 },
      headers: headers(),
    });
    expect(res.statusCode).toBe(401);
  });
});
