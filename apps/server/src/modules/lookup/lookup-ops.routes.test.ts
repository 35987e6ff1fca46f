// The console's settings page: each change is audited with its reason and then served by the member
// lookups; a refused value answers KEY_INVALID and leaves the setting and the audit trail alone.
import { settingsPaths, type TDepositSetting, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

const member = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });
const put = (key: keyof typeof settingsPaths, value: unknown, reason = 'ตั้งค่าตามคำสั่งหัวหน้า', s = admin) =>
  opsCall(t, s, 'PUT', settingsPaths[key], { value, reason });
const page = async (): Promise<TSettingsPage> => (await opsCall(t, admin, 'GET', settingsPaths.page)).json();

async function auditOf(key: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, key)));
}
const stored = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

/** A refusal: KEY_INVALID naming `field`, with the stored value and the audit trail as they were. */
async function expectRefused(key: keyof typeof settingsPaths, value: unknown, field: string) {
  const before = { value: await stored(key), audit: (await auditOf(key)).length };
  const res = await put(key, value);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe('KEY_INVALID');
  expect(JSON.stringify(res.json().fields)).toContain(field);
  expect(await stored(key)).toEqual(before.value);
  expect((await auditOf(key)).length).toBe(before.audit);
}

describe('site switches', () => {
  it('turns the chat widget on: audited with who and why, shown as the last change, served to members', async () => {
    const res = await put('enableChatWidget', true, 'เปิดแชทให้ลูกค้า');
    expect(res.statusCode).toBe(200);
    expect(res.json().enableChatWidget).toBe(true);
    expect(res.json().lastChanges.enableChatWidget.staffName).toEqual(expect.any(String));
    const [entry] = await auditOf('enableChatWidget');
    expect(entry).toMatchObject({ staffId: admin.id, action: 'setting.change', reason: 'เปิดแชทให้ลูกค้า', after: true });
    expect((await member('/api/lookup/enableChatWidget')).json()).toEqual({ enableChatWidget: true });
  });

  it('turns registration OTP on for the member lookup', async () => {
    expect((await put('registerOTP', true)).statusCode).toBe(200);
    expect((await member('/api/lookup/registerOTP')).json()).toEqual({ registerOTP: true });
  });

  it('closing the site answers members gone while the console keeps working, and the console reopens it', async () => {
    expect((await put('active', false, 'ปิดปรับปรุงระบบ')).statusCode).toBe(200);
    expect((await member('/api/lookup/active')).json()).toEqual({ terminated: 'gone' });
    const closed = await member('/api/lookup/banks');
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toEqual({ message: 'gone' });
    expect((await page()).active).toBe(false);
    expect((await put('active', true, 'เปิดระบบตามปกติ')).statusCode).toBe(200);
    expect((await member('/api/lookup/banks')).statusCode).toBe(200);
    expect((await member('/api/lookup/active')).json()).toEqual({ terminated: null });
  });

  it('refuses a change without a reason, and a role without settings.manage', async () => {
    const before = (await auditOf('active')).length;
    const noReason = await opsCall(t, admin, 'PUT', settingsPaths.active, { value: false });
    expect(noReason.statusCode).toBe(400);
    const support = await signedInStaff(t, 'support');
    const refused = await put('active', false, 'ปิดระบบ', support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('OPS_FORBIDDEN');
    expect((await auditOf('active')).length).toBe(before);
    expect((await member('/api/lookup/active')).json()).toEqual({ terminated: null });
  });
});

describe('payments', () => {
  const depositOf = async (): Promise<TDepositSetting> => (await page()).deposit;

  it('adds a receiving account and turns one off and a gateway off: the member lookup follows', async () => {
    const deposit = await depositOf();
    const scb = deposit.banks.find((b) => b.bankCode === 'SCB');
    expect(scb).toMatchObject({ isEnabled: true, dailyCap: null, mode: 'AUTO' });
    const banks = deposit.banks.map((b) =>
      b.bankCode === 'SCB' || (b.bankType === 'PAYMENT' && b.bankCode === 'WW') ? { ...b, isEnabled: false } : b,
    );
    banks.push({
      bankCode: 'KTB',
      bankType: 'BANK',
      mode: 'SLIP',
      bankAccountName: 'KRAPAO CO., LTD.',
      bankAccountNo: '9876543210',
      currency: 'BAHT',
      isEnabled: true,
      dailyCap: 500_000,
    });
    const res = await put('deposit', { ...deposit, banks }, 'เพิ่มบัญชีกรุงไทย ปิดบัญชี SCB');
    expect(res.statusCode).toBe(200);
    const ktb = res.json().deposit.banks.find((b: { bankCode: string }) => b.bankCode === 'KTB');
    expect(ktb).toMatchObject({ dailyCap: 500_000, isEnabled: true });

    const lookup = (await member('/api/lookup/deposit')).json();
    const codes = lookup.banks.map((b: { bankCode: string; bankType: string }) => `${b.bankType}:${b.bankCode}`);
    expect(codes).toContain('BANK:KTB');
    expect(codes).not.toContain('BANK:SCB');
    expect(codes).not.toContain('PAYMENT:WW');
    const shown = lookup.banks.find((b: { bankCode: string }) => b.bankCode === 'KTB');
    expect(shown).toEqual({
      bankCode: 'KTB',
      bankType: 'BANK',
      mode: 'SLIP',
      bank: { nameTH: expect.any(String), nameEN: expect.any(String) },
      bankAccountName: 'KRAPAO CO., LTD.',
      bankAccountNo: '9876543210',
      currency: 'BAHT',
    });
    expect((await auditOf('deposit'))[0]).toMatchObject({ reason: 'เพิ่มบัญชีกรุงไทย ปิดบัญชี SCB' });
  });

  it('refuses a duplicate account number and an unknown bank code', async () => {
    const deposit = await depositOf();
    const first = deposit.banks.find((b) => b.bankType === 'BANK');
    if (!first) throw new Error('no receiving account seeded');
    await expectRefused('deposit', { ...deposit, banks: [...deposit.banks, { ...first }] }, 'bankAccountNo');
    const unknown = { ...first, bankCode: 'NOPE', bankAccountNo: '1112223334' };
    await expectRefused('deposit', { ...deposit, banks: [...deposit.banks, unknown] }, 'bankCode');
  });

  it('changes the minimum deposit, the withdraw limits and the slip window as members see them', async () => {
    expect((await put('depositMinimums', { BAHT: 50, LAK: 5_000 })).statusCode).toBe(200);
    expect((await member('/api/lookup/deposit')).json().minimumDeposit).toBe(50);
    const rules = {
      withdrawMin: 200,
      withdrawMax: 30_000,
      autoApproveMax: 5_000,
      dailyAutoAmount: 20_000,
      dailyAutoCount: 3,
      firstReviewAbove: 1_000,
    };
    expect((await put('withdrawRules', { BAHT: rules })).statusCode).toBe(200);
    expect((await member('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 200, withdrawMax: 30_000 });
    expect((await put('slip', { closeStart: '22:30', closeEnd: '01:00' })).statusCode).toBe(200);
    expect((await member('/api/lookup/slip')).json()).toMatchObject({ closeStart: '22:30', closeEnd: '01:00' });
    const last = (await page()).lastChanges;
    expect(Object.keys(last)).toEqual(expect.arrayContaining(['depositMinimums', 'withdrawRules', 'slip']));
  });

  it('refuses a negative minimum, a maximum below the minimum and a window not in HH:mm', async () => {
    await expectRefused('depositMinimums', { BAHT: -1 }, 'BAHT');
    const rules = {
      withdrawMin: 500,
      withdrawMax: 100,
      autoApproveMax: 0,
      dailyAutoAmount: 0,
      dailyAutoCount: 0,
      firstReviewAbove: 0,
    };
    await expectRefused('withdrawRules', { BAHT: rules }, 'withdrawMax');
    await expectRefused('slip', { closeStart: '9:5', closeEnd: '01:00' }, 'closeStart');
  });
});
