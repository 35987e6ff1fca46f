// A house account's daily receive cap: the credited bank transfers of the Bangkok business day that
// name the account count to it; at the cap the member's deposit lookup leaves the account out until
// the next day, money still sent to it is credited, and the console's settings page shows the sums.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { settingsPaths, type TDepositSetting, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { depositReferences } from '../../db/schema/deposits.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { createBankNoticeSweep } from '../deposit/bank-notice/bank-notice-sweep.job.ts';
import { bankTransfer, HOUSE, registeredAccountOf } from '../deposit/bank-notice/testing.ts';
import { assignLine, unmatchedBankLine } from '../deposit/deposit-ops-testing.ts';
import { HOUSE_KBANK, recordTransfer, uploadSlip } from '../deposit/slip/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { bangkok } from '../refund/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, type Member, signedInMember } from '../wallet/testing.ts';

let clock = bangkok('2026-03-11T20:00:00');
let t: TestApp;
let owner: SignedInStaff;

beforeAll(async () => {
  const UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'krapao-cap-'));
  t = await createTestApp({ BANK_FEED_INTERVAL_MS: '0', SLIP_JOB_INTERVAL_MS: '0', UPLOAD_DIR }, { now: () => clock });
});
afterAll(async () => {
  if (!t) return;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

type Entry = TDepositSetting['banks'][number];

const page = async (): Promise<TSettingsPage> => (await opsCall(t, owner, 'GET', settingsPaths.page)).json();
/** The member's deposit lookup: the account numbers of the bank accounts offered. */
async function offered(m?: Member): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: headers(m?.token) });
  expect(res.statusCode).toBe(200);
  return res.json().banks.flatMap((b: Entry) => (b.bankType === 'BANK' ? [b.bankAccountNo] : []));
}
async function gatewaysOffered(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: headers() });
  return res.json().banks.flatMap((b: Entry) => (b.bankType === 'PAYMENT' ? [b.bankCode] : []));
}
/** Sets the daily caps (major units) of the accounts named, the others' to none. */
async function setCaps(caps: Record<string, number>) {
  const { deposit } = await page();
  const banks = deposit.banks.map((b) => ({ ...b, dailyCap: caps[b.bankAccountNo] ?? null }));
  const res = await opsCall(t, owner, 'PUT', settingsPaths.deposit, {
    value: { ...deposit, banks },
    reason: 'วงเงินรับต่อวัน',
  });
  expect(res.statusCode).toBe(200);
}
/** The settings page's figure for an account. */
async function receivedToday(accountNo: string) {
  const p = await page();
  return p.receivedToday[p.deposit.banks.findIndex((b) => b.bankAccountNo === accountNo)];
}
/** A transfer from the member's registered account to `toAccountNo`, swept by the bank feed. */
async function transfer(m: Member, toAccountNo: string, amount: number) {
  const { res, sendingBank, transRef } = await bankTransfer(t, {
    ...(await registeredAccountOf(t, m.memberId)),
    toAccountNo,
    amount,
  });
  expect(res.statusCode).toBe(200);
  await createBankNoticeSweep(t.ctx).runOnce();
  const [row] = await t.db
    .select()
    .from(depositReferences)
    .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, `${sendingBank}:${transRef}`)));
  return row;
}

beforeEach(async () => {
  clock = bangkok('2026-03-11T20:00:00');
  owner = await signedInStaff(t, 'owner');
  await setCaps({});
});

describe('house account daily cap', () => {
  it('hides an AUTO account from members once its day reaches the cap; later money still credits', async () => {
    await setCaps({ [HOUSE.autoScb]: 100 });
    const m = await signedInMember(t, 0);
    expect(await offered(m)).toContain(HOUSE.autoScb);

    const first = await transfer(m, HOUSE.autoScb, 60);
    expect(first).toMatchObject({ memberId: m.memberId, toAccountNo: HOUSE.autoScb, amount: 6_000n });
    expect(await offered(m)).toContain(HOUSE.autoScb);
    expect(await receivedToday(HOUSE.autoScb)).toBe(60);

    await transfer(m, HOUSE.autoScb, 40);
    expect(await receivedToday(HOUSE.autoScb)).toBe(100);
    expect(await offered(m)).not.toContain(HOUSE.autoScb);
    expect(await offered()).not.toContain(HOUSE.autoScb);
    // The other accounts and the gateways are still offered.
    expect(await offered(m)).toContain(HOUSE.slipKbank);
    expect(await gatewaysOffered()).toEqual(['KBANK', 'WW', 'PAYTIMZ']);

    // A bank transfer cannot be refused: money that still arrives is credited and counted.
    const late = await transfer(m, HOUSE.autoScb, 25);
    expect(late?.transactionId).not.toBeNull();
    expect((await balances(t, m)).wallet).toBe(125);
    expect(await receivedToday(HOUSE.autoScb)).toBe(125);

    // Bangkok midnight (17:00 UTC) starts a new day: the account is back, its day starts at 0.
    clock = bangkok('2026-03-11T23:59:59');
    expect(await offered()).not.toContain(HOUSE.autoScb);
    clock = bangkok('2026-03-12T00:00:00');
    expect(await offered()).toContain(HOUSE.autoScb);
    owner = await signedInStaff(t, 'owner');
    expect(await receivedToday(HOUSE.autoScb)).toBe(0);
  });

  it('shows no bank account of a currency whose every account is capped; gateways stay', async () => {
    clock = bangkok('2026-03-13T10:00:00');
    owner = await signedInStaff(t, 'owner');
    const caps = { [HOUSE.autoScb]: 10, [HOUSE.slipKbank]: 10, '0201234567': 10 };
    await setCaps(caps);
    const m = await signedInMember(t, 0);
    await transfer(m, HOUSE.autoScb, 10);
    expect(await offered()).toEqual([HOUSE.slipKbank, '0201234567']);
    // A deposits-queue line assigned by staff counts to the account the feed saw it go to.
    const line = await unmatchedBankLine(t, 10, HOUSE.slipKbank);
    const assigned = await assignLine(t, owner, line.id, { memberId: m.memberId, reason: 'ลูกค้าโอนจากบัญชีเพื่อน' });
    expect(assigned.statusCode).toBe(200);
    const [ref] = await t.db
      .select()
      .from(depositReferences)
      .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, line.ref)));
    expect(ref).toMatchObject({ toAccountNo: HOUSE.slipKbank, amount: 1_000n });
    expect(await offered()).toEqual(['0201234567']);
    await setCaps({ ...caps, '0201234567': 0 });
    expect(await offered(m)).toEqual([]);
    expect(await gatewaysOffered()).toEqual(['KBANK', 'WW', 'PAYTIMZ']);
    // Raising a cap brings the account back at once.
    await setCaps({ ...caps, [HOUSE.autoScb]: 1_000 });
    expect(await offered()).toEqual([HOUSE.autoScb, '0201234567']);
  });

  it('a verified slip counts to the account it paid', async () => {
    clock = bangkok('2026-03-15T09:00:00');
    owner = await signedInStaff(t, 'owner');
    await setCaps({ [HOUSE_KBANK.accountNo]: 300 });
    const m = await signedInMember(t, 0);
    const { bankCode, accountNo } = await registeredAccountOf(t, m.memberId).then((a) => ({
      bankCode: a.fromBankCode,
      accountNo: a.fromAccountNo,
    }));
    const slip = await recordTransfer(t, { from: { bankCode, accountNo }, amount: 300, occurredAt: clock });
    expect((await uploadSlip(t, m, slip.png)).json().message).toBe('SUCCESS');
    expect(await receivedToday(HOUSE_KBANK.accountNo)).toBe(300);
    expect(await offered(m)).not.toContain(HOUSE_KBANK.accountNo);
  });

  it('the settings page answers one figure per entry: null for a gateway', async () => {
    const p = await page();
    expect(p.receivedToday).toHaveLength(p.deposit.banks.length);
    p.deposit.banks.forEach((b, i) => {
      if (b.bankType === 'PAYMENT') expect(p.receivedToday[i]).toBeNull();
      else expect(p.receivedToday[i]).toEqual(expect.any(Number));
    });
  });
});
