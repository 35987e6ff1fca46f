import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, type Member, pageToken, pageWallet } from './members';
import { screenshot, signIn } from './support';
import { type Lang, texts, th } from './texts';

// The house's receiving account of slips (deposit seed).
const HOUSE_SLIP_ACCOUNT = '0591234567';

const amountOf = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.-]/g, ''));

/** The deposit modal, opened from home's quick actions. */
async function openDeposit(page: Page, lang: Lang = 'th') {
  const t = texts[lang];
  await page
    .getByRole('navigation', { name: t.wallet.home.actions, exact: true })
    .getByRole('button', { name: t.wallet.home.deposit, exact: true })
    .click();
  const modal = page.getByRole('dialog', { name: t.deposit.title, exact: true });
  await expect(modal).toBeVisible();
  return modal;
}

/** The slip upload form of the deposit modal. */
const slipForm = (page: Page, lang: Lang = 'th') =>
  page.getByRole('form', { name: texts[lang].depositMethods.slip.title, exact: true });

/** The slips of the statement's slip status modal: its rows of cells, not the header. */
async function openSlips(page: Page, lang: Lang = 'th') {
  const t = texts[lang].statement.slip;
  await page.getByRole('button', { name: t.open, exact: true }).click();
  const modal = page.getByRole('dialog', { name: t.title, exact: true });
  return modal.getByRole('row').filter({ has: page.getByRole('cell') });
}

/** A transfer from the member's bank account, recorded by the sandbox bank: its slip PNG. */
async function bankTransferSlip(page: Page, m: Member, amount: number): Promise<Buffer> {
  const res = await page.request.post('/dev/bank/transfer', {
    data: { fromBankCode: m.bankCode, fromAccountNo: m.accountNo, toAccountNo: HOUSE_SLIP_ACCOUNT, amount },
  });
  expect(res.ok()).toBeTruthy();
  return res.body();
}

async function uploadSlip(page: Page, slip: Buffer, lang: Lang = 'th') {
  const t = texts[lang].depositMethods.slip;
  const form = slipForm(page, lang);
  await form.getByLabel(t.choose).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  await form.getByRole('button', { name: t.upload, exact: true }).click();
}

test('deposit by QR, slip and TrueMoney link, withdraw, and see it all on the statement', async ({ page }) => {
  test.setTimeout(120_000);
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  const start = 0;
  expect(await pageWallet(page)).toBe(start);

  // 1. QR at KBANK: create, pay through the sandbox gateway (the member's bank app), done.
  const deposit = await openDeposit(page);
  await screenshot(page, 'deposit-th');
  const kbank = deposit.getByRole('region', { name: th.deposit.qr.gateway.KBANK, exact: true });
  await kbank.getByRole('spinbutton', { name: th.deposit.qr.amount, exact: true }).fill('100');
  await kbank.getByRole('button', { name: th.deposit.qr.create, exact: true }).click();
  const qrImage = new RegExp(`^${th.deposit.qr.imageAlt.replace(/\{\{.*/, '')}`);
  await expect(kbank.getByRole('img', { name: qrImage })).toBeVisible();
  await expect(kbank.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await screenshot(page, 'deposit-qr-th');
  const qr = await page.request.get('/api/qrcode/KBANK', {
    headers: { authorization: `Bearer ${await pageToken(page)}` },
  });
  const { qrcodeId } = await qr.json();
  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
  await kbank.getByRole('button', { name: th.deposit.qr.done, exact: true }).click();
  await expect(deposit).toBeHidden();
  await expect.poll(() => pageWallet(page)).toBe(start + 100);

  // 2. A bank slip: credited once; the same slip again is refused as a duplicate.
  const slip = await bankTransferSlip(page, m, 250);
  await openDeposit(page);
  await uploadSlip(page, slip);
  await expect(slipForm(page).getByRole('status')).toBeVisible();
  await expect.poll(() => pageWallet(page)).toBe(start + 350);
  await uploadSlip(page, slip);
  await expect(slipForm(page).getByRole('alert')).toContainText(th.errors.slip.duplicateSlip);
  await screenshot(page, 'deposit-slip-duplicate-th');

  // 3. A TrueMoney gift link.
  const voucher = await (await page.request.post('/dev/truemoney/voucher', { data: { amount: 50 } })).json();
  const gift = th.depositMethods.trueWallet;
  await page.getByRole('textbox', { name: gift.link, exact: true }).fill(voucher.link);
  await page.getByRole('button', { name: gift.send, exact: true }).click();
  await expect.poll(() => pageWallet(page)).toBe(start + 400);
  await page.keyboard.press('Escape');

  // 4. Withdraw 120 to the registered bank account (under the auto-approval threshold).
  await page.goto('/user/home');
  await page.getByRole('button', { name: th.wallet.home.withdraw, exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: th.withdraw.title, exact: true });
  await expect(withdraw).toBeVisible();
  await withdraw.getByRole('spinbutton', { name: th.withdraw.amount, exact: true }).fill('120');
  await screenshot(page, 'withdraw-th');
  await withdraw.getByRole('button', { name: th.withdraw.submit, exact: true }).click();
  await expect(withdraw).toBeHidden();
  await expect.poll(() => pageWallet(page)).toBe(start + 280);
  await expect.poll(() => amountOf(page, 'home-total')).toBe(start + 280);

  // 5. The statement shows the three deposits and the withdrawal; the slip modal both slips.
  await page.goto('/user/statement');
  const rows = page.getByRole('list', { name: th.statement.title, exact: true }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: '120.00' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '250.00' })).toHaveCount(1);
  await expect(await openSlips(page)).toHaveCount(2);
  await screenshot(page, 'slip-modal-th');
});

for (const locale of ['la', 'en'] as const) {
  test(`a refused slip shows its reason in ${locale}`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('krapao.locale', l), locale);
    const m = await freshMember(page.request);
    await signIn(page, m.phone, m.password);
    // The same slip twice: the second is refused as a duplicate.
    const slip = await bankTransferSlip(page, m, 100);
    await openDeposit(page, locale);
    await uploadSlip(page, slip, locale);
    await expect.poll(() => pageWallet(page)).toBe(100);
    await uploadSlip(page, slip, locale);
    await expect(slipForm(page, locale).getByRole('alert')).toContainText(
      locale === 'en' ? /already been used/i : /ໃຊ້|ຊ້ຳ/,
    );
    await page.keyboard.press('Escape');
    await page.goto('/user/statement');
    const slips = await openSlips(page, locale);
    await expect(slips).toHaveCount(2);
    const duplicate = slips.first();
    await expect(duplicate).toContainText(locale === 'en' ? /already been used/i : /ໃຊ້|ຊ້ຳ/);
    await screenshot(page, `slip-modal-${locale}`);
  });
}
