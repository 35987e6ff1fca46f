import { expect, type Page, test } from '@playwright/test';
import { DEMO, screenshot, signIn } from './support';

// The demo member's registered account (seed) and the house's receiving accounts (deposit seed).
const DEMO_BANK = { code: 'KBANK', accountNo: '1234567890' };
const HOUSE_SLIP_ACCOUNT = '0591234567';

const amountOf = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.-]/g, ''));

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(
    () => localStorage.getItem('krapao.token') ?? sessionStorage.getItem('krapao.token'),
  );
  if (!stored) throw new Error('not signed in');
  return stored;
}

async function walletAmount(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${await token(page)}` } });
  return (await res.json()).wallet.amount as number;
}

/** The terms were accepted before (the money spec shows the agreement modal itself). */
async function acceptedTerms(page: Page) {
  await page.addInitScript(() => localStorage.setItem('krapao.agreement', 'true'));
}

async function openDeposit(page: Page) {
  await page.getByTestId('action-deposit').click();
  await expect(page.getByTestId('deposit-modal')).toBeVisible();
}

/** A transfer from the demo member's bank account, recorded by the sandbox bank: its slip PNG. */
async function bankTransferSlip(page: Page, amount: number): Promise<Buffer> {
  const res = await page.request.post('/dev/bank/transfer', {
    data: { fromBankCode: DEMO_BANK.code, fromAccountNo: DEMO_BANK.accountNo, toAccountNo: HOUSE_SLIP_ACCOUNT, amount },
  });
  expect(res.ok()).toBeTruthy();
  return res.body();
}

async function uploadSlip(page: Page, slip: Buffer) {
  await page.getByTestId('slip-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  await page.getByTestId('slip-upload').click();
}

test('deposit by QR, slip and TrueMoney link, withdraw, and see it all on the statement', async ({ page }) => {
  await acceptedTerms(page);
  await signIn(page, DEMO.username, DEMO.password);
  const start = await walletAmount(page);

  // 1. QR at KBANK: create, pay through the sandbox gateway (the member's bank app), done.
  await openDeposit(page);
  await screenshot(page, 'deposit-th');
  await page.getByTestId('qr-amount-KBANK').fill('100');
  await page.getByTestId('qr-create-KBANK').click();
  await expect(page.getByTestId('qr-image-KBANK')).toBeVisible();
  await expect(page.getByTestId('qr-countdown-KBANK')).toHaveText(/^\d\d:\d\d$/);
  await screenshot(page, 'deposit-qr-th');
  const qr = await page.request.get('/api/qrcode/KBANK', { headers: { authorization: `Bearer ${await token(page)}` } });
  const { qrcodeId } = await qr.json();
  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
  await page.getByTestId('qr-done-KBANK').click();
  await expect(page.getByTestId('deposit-modal')).toBeHidden();
  await expect.poll(() => walletAmount(page)).toBe(start + 100);

  // 2. A bank slip: credited once; the same slip again is refused as a duplicate.
  const slip = await bankTransferSlip(page, 250);
  await openDeposit(page);
  await uploadSlip(page, slip);
  await expect(page.getByTestId('slip-result')).toBeVisible();
  await expect.poll(() => walletAmount(page)).toBe(start + 350);
  await uploadSlip(page, slip);
  await expect(page.getByTestId('slip-result')).toContainText('สลิปนี้ถูกใช้ไปแล้ว');
  await screenshot(page, 'deposit-slip-duplicate-th');

  // 3. A TrueMoney gift link.
  const voucher = await (await page.request.post('/dev/truemoney/voucher', { data: { amount: 50 } })).json();
  await page.getByTestId('truelink-input').fill(voucher.link);
  await page.getByTestId('truelink-send').click();
  await expect.poll(() => walletAmount(page)).toBe(start + 400);
  await page.keyboard.press('Escape');

  // 4. Withdraw 120 to the registered bank account (under the auto-approval threshold).
  await page.goto('/user/home');
  await page.getByTestId('action-withdraw').click();
  await expect(page.getByTestId('withdraw-modal')).toBeVisible();
  await page.getByTestId('withdraw-amount').fill('120');
  await screenshot(page, 'withdraw-th');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-modal')).toBeHidden();
  await expect.poll(() => walletAmount(page)).toBe(start + 280);
  await expect.poll(() => amountOf(page, 'home-total')).toBeGreaterThan(0);

  // 5. The statement shows the three deposits and the withdrawal; the slip modal both slips.
  await page.goto('/user/statement');
  await expect(page.getByTestId('statement-row').first()).toBeVisible();
  await expect(page.getByTestId('statement-row').filter({ hasText: '120.00' }).first()).toBeVisible();
  await expect(page.getByTestId('statement-row').filter({ hasText: '250.00' }).first()).toBeVisible();
  await page.getByTestId('statement-slip-open').click();
  await expect(page.getByTestId('slip-row')).toHaveCount(2);
  await screenshot(page, 'slip-modal-th');
});

for (const locale of ['la', 'en'] as const) {
  test(`a refused slip shows its reason in ${locale}`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('krapao.locale', l), locale);
    await acceptedTerms(page);
    await signIn(page, DEMO.username, DEMO.password);
    await page.goto('/user/statement');
    await page.getByTestId('statement-slip-open').click();
    const duplicate = page.getByTestId('slip-row').first();
    await expect(duplicate).toBeVisible();
    await expect(duplicate).toContainText(locale === 'en' ? /already been used/i : /ໃຊ້|ຊ້ຳ/);
    await screenshot(page, `slip-modal-${locale}`);
  });
}
